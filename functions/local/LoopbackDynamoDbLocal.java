// Starts Amazon's DynamoDB Local listening on 127.0.0.1 only. The jar has no option for the
// address (it listens on every interface); this launcher builds the server exactly as the jar's
// own main does, sets its one connector's host to 127.0.0.1, and starts it. Run by
// functions/local/dynamodb-local.ts in Java's source-file mode; the arguments are the jar's.
// Telemetry is never configured here, so DynamoDB Local sends none.
import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

public class LoopbackDynamoDbLocal {
  public static void main(String[] args) throws Exception {
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    Server server = (Server) field.get(proxy);
    for (Connector connector : server.getConnectors()) ((ServerConnector) connector).setHost("127.0.0.1");
    proxy.start();
  }
}
