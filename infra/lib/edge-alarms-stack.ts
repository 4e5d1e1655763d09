// CloudFront's alarm. CloudFront publishes its metrics in us-east-1 only and
// an alarm can only watch (and notify) its own region, so this small stack is
// always in us-east-1, with its own topic and the same subscriber; it reads
// the distribution's ID as a weak reference (Fn::GetStackOutput), which works
// across regions with no export to get stuck on.
import { Annotations, ReferenceStrength, Stack, type StackProps } from "aws-cdk-lib";
import * as cloudwatch from "aws-cdk-lib/aws-cloudwatch";
import type * as cloudfront from "aws-cdk-lib/aws-cloudfront";
import type * as sns from "aws-cdk-lib/aws-sns";
import * as subscriptions from "aws-cdk-lib/aws-sns-subscriptions";
import type { Construct } from "constructs";
import { alarmTopic, FIVE_MINUTES, wakeAlarm } from "./alarms.ts";
import { NO_SUBSCRIBER } from "./operations-stack.ts";

export interface EdgeAlarmsStackProps extends StackProps {
  readonly distribution: cloudfront.IDistribution;
  readonly alarmEmail?: string;
  readonly stage: string;
}

/** The share of CloudFront's responses (%) that are 5xx, that wakes someone. */
export const CDN_5XX_RATE_PERCENT = 5;

export class EdgeAlarmsStack extends Stack {
  readonly topic: sns.Topic;
  readonly alarms: cloudwatch.Alarm[] = [];

  constructor(scope: Construct, id: string, props: EdgeAlarmsStackProps) {
    super(scope, id, props);
    this.topic = alarmTopic(this, "Alarms", `Couture storefront edge alarms (${props.stage})`);
    if (props.alarmEmail) this.topic.addSubscription(new subscriptions.EmailSubscription(props.alarmEmail));
    else Annotations.of(this).addWarningV2(NO_SUBSCRIBER, "No alarmEmail is set: the CloudFront alarm notifies a topic no one reads (-c alarmEmail=...)");
    const distributionId = Stack.consumeReference(props.distribution.distributionId, ReferenceStrength.WEAK);
    const cdnMetric = (metricName: string, statistic: string) =>
      new cloudwatch.Metric({
        namespace: "AWS/CloudFront",
        metricName,
        dimensionsMap: { DistributionId: distributionId, Region: "Global" },
        statistic,
        period: FIVE_MINUTES,
      });
    // A rate over a handful of requests means nothing: 0 under 20 requests.
    const rate = new cloudwatch.MathExpression({
      label: "CloudFront 5xx rate (%)",
      expression: "IF(requests >= 20, rate, 0)",
      usingMetrics: { rate: cdnMetric("5xxErrorRate", "Average"), requests: cdnMetric("Requests", "Sum") },
      period: FIVE_MINUTES,
    });
    this.alarms.push(
      wakeAlarm(this, "Cdn5xxRate", rate, {
        threshold: CDN_5XX_RATE_PERCENT,
        description: `CloudFront: ${CDN_5XX_RATE_PERCENT}% or more of responses are 5xx for 10 minutes`,
        periods: 2,
        topic: this.topic,
      }),
    );
  }
}
