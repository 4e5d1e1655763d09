// What every alarm of the shop shares: rates rather than counts (a busy
// hour must not page where a quiet one would not), a floor of traffic below
// which a rate means nothing, and the topic that wakes someone.
import { Aws, Duration } from "aws-cdk-lib";
import * as cloudwatch from "aws-cdk-lib/aws-cloudwatch";
import * as actions from "aws-cdk-lib/aws-cloudwatch-actions";
import * as iam from "aws-cdk-lib/aws-iam";
import * as sns from "aws-cdk-lib/aws-sns";
import type { Construct } from "constructs";

export const FIVE_MINUTES = Duration.minutes(5);

/** The namespace of the metrics the shop makes itself from its logs (one per stage). */
export const shopNamespace = (stage: string) => `Couture/${stage}`;

/**
 * `100 * part / whole` in percent, 0 while `whole` is under `floor` (three
 * failed calls of four at 4 a.m. are not an outage). `key` names its two
 * metrics, unique within a graph (e.g. errors: errorsPart, errorsWhole).
 */
export function percentOf(key: string, part: cloudwatch.IMetric, whole: cloudwatch.IMetric, label: string, floor = 10): cloudwatch.MathExpression {
  const [p, w] = [`${key}Part`, `${key}Whole`];
  return new cloudwatch.MathExpression({
    label,
    expression: `IF(${w} >= ${floor}, 100 * ${p} / ${w}, 0)`,
    usingMetrics: { [p]: part, [w]: whole },
    period: FIVE_MINUTES,
  });
}

/**
 * A topic the stage's alarms notify. Publishing only over TLS (a Deny
 * without aws:SecureTransport). A topic policy replaces SNS's default one,
 * which let the account's own services publish, so it also says who may:
 * CloudWatch, for the alarms of this account and region.
 */
export function alarmTopic(scope: Construct, id: string, displayName: string): sns.Topic {
  const topic = new sns.Topic(scope, id, { displayName, enforceSSL: true });
  topic.addToResourcePolicy(
    new iam.PolicyStatement({
      sid: "CloudWatchAlarmsPublish",
      principals: [new iam.ServicePrincipal("cloudwatch.amazonaws.com")],
      actions: ["sns:Publish"],
      resources: [topic.topicArn],
      conditions: {
        StringEquals: { "aws:SourceAccount": Aws.ACCOUNT_ID },
        ArnLike: { "aws:SourceArn": `arn:${Aws.PARTITION}:cloudwatch:${Aws.REGION}:${Aws.ACCOUNT_ID}:alarm:*` },
      },
    }),
  );
  return topic;
}

export interface WakeOptions {
  readonly threshold: number;
  readonly description: string;
  /** Periods of five minutes that must breach (of as many). */
  readonly periods?: number;
  /** Absent: the alarm only serves a CodeDeploy rollback. */
  readonly topic?: sns.ITopic;
}

/** An alarm at or above the threshold for `periods` periods in a row; no data is not an alarm. */
export function wakeAlarm(scope: Construct, id: string, metric: cloudwatch.IMetric, options: WakeOptions): cloudwatch.Alarm {
  const periods = options.periods ?? 1;
  const alarm = new cloudwatch.Alarm(scope, id, {
    alarmDescription: options.description,
    metric,
    threshold: options.threshold,
    evaluationPeriods: periods,
    datapointsToAlarm: periods,
    comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
  });
  if (options.topic) alarm.addAlarmAction(new actions.SnsAction(options.topic));
  return alarm;
}
