import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { IGrantable } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { SECRET_SETTING_NAMES } from './settings';

/**
 * What live connections need in AWS:
 * - a customer-managed KMS key (yearly rotation on) that wraps the data key of every stored
 *   platform credential (functions/runtime/stores/credentials.ts, AWS Encryption SDK KMS keyring).
 *   It is retained when the stack is deleted: the owners table holding the ciphertexts is retained
 *   too, and without the key they could never be read again.
 * - a Secrets Manager secret for the platform apps' own secrets (developer token, OAuth client id
 *   and secret), read by platforms/live/settings.ts. It is created with empty values for the
 *   deployer to fill in; the template never holds a secret value.
 */
export class LiveConnections extends Construct {
  readonly credentialsKey: Key;
  readonly appSecrets: Secret;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.credentialsKey = new Key(this, 'CredentialsKey', {
      description: "Ad-platform tool gateway: wraps the data keys of live connections' platform credentials (envelope encryption)",
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
      // Only used if the key is ever scheduled for deletion by hand: the longest window to change one's mind.
      pendingWindow: Duration.days(30),
    });
    this.appSecrets = new Secret(this, 'AppSecrets', {
      description: `Ad-platform tool gateway: live platform app secrets (${SECRET_SETTING_NAMES.join(', ')}). Fill in the values after the first deployment.`,
      // The values are typed in by the deployer; the template only says which names to fill. The
      // generated `placeholder` member exists because Secrets Manager generates one value per secret.
      generateSecretString: {
        secretStringTemplate: JSON.stringify(Object.fromEntries(SECRET_SETTING_NAMES.map((name) => [name, '']))),
        generateStringKey: 'placeholder',
        excludePunctuation: true,
      },
    });
  }

  /** The variables that point the runtime at the key and the secret. */
  environment(): Record<string, string> {
    return { CREDENTIALS_KMS_KEY_ARN: this.credentialsKey.keyArn, LIVE_SECRETS_ARN: this.appSecrets.secretArn };
  }

  /**
   * Lets a function that opens live accounts encrypt and decrypt credentials (the Encryption SDK
   * asks KMS for a data key when storing, and to unwrap it when reading) and read the app secrets.
   */
  grant(grantee: IGrantable): void {
    this.credentialsKey.grant(grantee, 'kms:Encrypt', 'kms:Decrypt', 'kms:GenerateDataKey');
    this.appSecrets.grantRead(grantee);
  }
}
