import { Duration } from 'aws-cdk-lib';
import type { RestApi } from 'aws-cdk-lib/aws-apigateway';
import { Alarm, ComparisonOperator, type IMetric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Operation, type Table } from 'aws-cdk-lib/aws-dynamodb';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';

export interface GatewayAlarmsProps {
  api: RestApi;
  functions: readonly { id: string; fn: LambdaFunction }[];
  tables: readonly { id: string; table: Table }[];
  email?: string;
}

/** The DynamoDB operations the runtime and the sandbox issue (functions/, platforms/). */
const TABLE_OPERATIONS = [
  Operation.GET_ITEM,
  Operation.PUT_ITEM,
  Operation.UPDATE_ITEM,
  Operation.DELETE_ITEM,
  Operation.QUERY,
  Operation.BATCH_WRITE_ITEM,
];

const FIVE_MINUTES = Duration.minutes(5);

/**
 * Alarms, each notifying one SNS topic (subscribe to it, or give `alarmEmail`):
 * - the API's 5xx rate above 5% for 2 of 3 five-minute periods;
 * - any unhandled error or timeout, and any throttle, of each function (tool failures are
 *   answered in the envelope, so Lambda "Errors" means a crash or a timeout);
 * - any DynamoDB system error on each table.
 */
export class GatewayAlarms extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: GatewayAlarmsProps) {
    super(scope, id);
    this.topic = new Topic(this, 'Topic', { displayName: 'Tool gateway alarms', enforceSSL: true });
    if (props.email) this.topic.addSubscription(new EmailSubscription(props.email));

    this.add('Api5xxRate', props.api.metricServerError({ statistic: 'Average', period: FIVE_MINUTES }), {
      threshold: 0.05,
      evaluationPeriods: 3,
      datapointsToAlarm: 2,
      description: 'More than 5% of API requests answered 5xx (Lambda crashes, timeouts, DynamoDB failures).',
    });
    for (const { id: name, fn } of props.functions) {
      this.add(`${name}Errors`, fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' }), {
        threshold: 1,
        description: `The ${name} function crashed or timed out.`,
      });
      this.add(`${name}Throttles`, fn.metricThrottles({ period: FIVE_MINUTES, statistic: 'Sum' }), {
        threshold: 1,
        description: `The ${name} function was throttled: raise the account's Lambda concurrency quota.`,
      });
    }
    for (const { id: name, table } of props.tables) {
      this.add(`${name}SystemErrors`, table.metricSystemErrorsForOperations({ operations: TABLE_OPERATIONS, period: FIVE_MINUTES }), {
        threshold: 1,
        description: `DynamoDB answered the ${name} table with server errors.`,
      });
    }
  }

  private add(
    id: string,
    metric: IMetric,
    options: { threshold: number; description: string; evaluationPeriods?: number; datapointsToAlarm?: number },
  ) {
    const alarm = new Alarm(this, id, {
      metric,
      threshold: options.threshold,
      evaluationPeriods: options.evaluationPeriods ?? 1,
      datapointsToAlarm: options.datapointsToAlarm,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
      alarmDescription: options.description,
    });
    alarm.addAlarmAction(new SnsAction(this.topic));
    this.alarms.push(alarm);
  }
}
