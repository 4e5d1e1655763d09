// The stage's alarm topic, its budget, and the alarms and dashboard of what
// all functions share: the API's 5xx and 429 rates, the table's and its
// index's throttling, mail that did not go, SES bounces and complaints, and
// Lambda concurrency near the account's limit. It comes before the
// functions (their own alarms notify its topic); the CloudFront alarm lives
// in us-east-1 (EdgeAlarmsStack), where CloudFront's metrics are.
import { Annotations, Duration, Stack, type StackProps } from "aws-cdk-lib";
import type * as apigwv2 from "aws-cdk-lib/aws-apigatewayv2";
import * as budgets from "aws-cdk-lib/aws-budgets";
import * as cloudwatch from "aws-cdk-lib/aws-cloudwatch";
import type * as cloudfront from "aws-cdk-lib/aws-cloudfront";
import type * as dynamodb from "aws-cdk-lib/aws-dynamodb";
import * as iam from "aws-cdk-lib/aws-iam";
import * as logs from "aws-cdk-lib/aws-logs";
import type * as sns from "aws-cdk-lib/aws-sns";
import * as subscriptions from "aws-cdk-lib/aws-sns-subscriptions";
import type { Construct } from "constructs";
import { alarmTopic, FIVE_MINUTES, percentOf, shopNamespace, wakeAlarm } from "./alarms.ts";
import { GSI1 } from "./data-stack.ts";
import { MAIL_FAILURES_METRIC } from "./functions-stack.ts";

export interface OperationsStackProps extends StackProps {
  readonly api: apigwv2.IHttpApi;
  readonly accessLogs: logs.ILogGroup;
  readonly table: dynamodb.ITable;
  readonly distribution: cloudfront.IDistribution;
  readonly configurationSetName: string;
  readonly alarmEmail?: string;
  readonly stage: string;
  /** USD a month; 0 = no budget. */
  readonly monthlyBudgetUsd: number;
  /** The account's Lambda concurrency limit. */
  readonly accountConcurrency: number;
}

/** Share of the account's concurrency limit that wakes someone. */
export const CONCURRENCY_ALARM_SHARE = 0.8;
/** SES reviews an account at a 5% bounce rate and 0.1% complaint rate: wake before. */
export const BOUNCE_RATE_PERCENT = 4;
export const COMPLAINT_RATE_PERCENT = 0.08;
export const API_RATE_PERCENT = { "5xx": 5, "429": 5 };

/** The warning a deploy prints when no one receives the alarms. */
export const NO_SUBSCRIBER = "couture:no-alarm-subscriber";

export class OperationsStack extends Stack {
  readonly alarms: cloudwatch.Alarm[] = [];
  readonly topic: sns.Topic;

  constructor(scope: Construct, id: string, props: OperationsStackProps) {
    super(scope, id, props);
    this.topic = alarmTopic(this, "Alarms", `Couture storefront alarms (${props.stage})`);
    if (props.alarmEmail) this.topic.addSubscription(new subscriptions.EmailSubscription(props.alarmEmail));
    else Annotations.of(this).addWarningV2(NO_SUBSCRIBER, "No alarmEmail is set: the alarms notify a topic no one reads (-c alarmEmail=...)");
    if (props.monthlyBudgetUsd > 0) this.budget(props.stage, props.monthlyBudgetUsd);

    const dashboard = new cloudwatch.Dashboard(this, "Dashboard", { defaultInterval: Duration.hours(3) });
    dashboard.addWidgets(...this.api(props), ...this.table(props), ...this.mail(props), ...this.concurrency(props), ...this.cdn(props));
  }

  private wake(id: string, metric: cloudwatch.IMetric, threshold: number, description: string, periods = 1) {
    this.alarms.push(wakeAlarm(this, id, metric, { threshold, description, periods, topic: this.topic }));
  }

  private api(props: OperationsStackProps): cloudwatch.IWidget[] {
    const apiMetric = (metricName: string, statistic = "Sum") =>
      new cloudwatch.Metric({ namespace: "AWS/ApiGateway", metricName, dimensionsMap: { ApiId: props.api.apiId }, statistic, period: FIVE_MINUTES });
    const requests = apiMetric("Count");
    // The HTTP API has no 429 metric: its access log has every status.
    const tooMany = new logs.MetricFilter(this, "Api429", {
      logGroup: props.accessLogs,
      filterPattern: logs.FilterPattern.literal('{ $.status = "429" }'),
      metricNamespace: shopNamespace(props.stage),
      metricName: "api-429",
      metricValue: "1",
      defaultValue: 0,
    }).metric({ statistic: "Sum", period: FIVE_MINUTES });
    const serverErrorRate = percentOf("api5xx", apiMetric("5xx"), requests, "API 5xx rate (%)");
    const tooManyRate = percentOf("api429", tooMany, requests, "API 429 rate (%)");
    this.wake("Api5xxRate", serverErrorRate, API_RATE_PERCENT["5xx"], `The API answered ${API_RATE_PERCENT["5xx"]}% or more of its requests with 5xx`);
    this.wake("Api429Rate", tooManyRate, API_RATE_PERCENT["429"], `The API refused ${API_RATE_PERCENT["429"]}% or more of its requests as too many (429)`, 2);
    return [
      new cloudwatch.GraphWidget({ title: "API requests", left: [requests, apiMetric("4xx"), apiMetric("5xx"), tooMany], width: 12 }),
      new cloudwatch.GraphWidget({ title: "API 5xx and 429 rates (%)", left: [serverErrorRate, tooManyRate], width: 12 }),
      new cloudwatch.GraphWidget({ title: "API latency p99", left: [apiMetric("Latency", "p99"), apiMetric("IntegrationLatency", "p99")], width: 12 }),
    ];
  }

  /** Throttling of the table and of its index, each sustained for 15 minutes (on-demand absorbs a short burst). */
  private table(props: OperationsStackProps): cloudwatch.IWidget[] {
    const tableMetric = (metricName: string, index?: string) =>
      new cloudwatch.Metric({
        namespace: "AWS/DynamoDB",
        metricName,
        dimensionsMap: { TableName: props.table.tableName, ...(index ? { GlobalSecondaryIndexName: index } : {}) },
        statistic: "Sum",
        period: FIVE_MINUTES,
      });
    const throttles = (label: string, index?: string) =>
      new cloudwatch.MathExpression({
        label,
        expression: index ? "indexReads + indexWrites" : "reads + writes",
        usingMetrics: index
          ? { indexReads: tableMetric("ReadThrottleEvents", index), indexWrites: tableMetric("WriteThrottleEvents", index) }
          : { reads: tableMetric("ReadThrottleEvents"), writes: tableMetric("WriteThrottleEvents") },
        period: FIVE_MINUTES,
      });
    const onTable = throttles("Table throttled requests");
    const onIndex = throttles(`${GSI1.indexName} throttled requests`, GSI1.indexName);
    this.wake("TableThrottles", onTable, 1, "The table throttled requests for 15 minutes", 3);
    this.wake("IndexThrottles", onIndex, 1, `The table's index ${GSI1.indexName} throttled requests for 15 minutes`, 3);
    this.wake("TableSystemErrors", tableMetric("SystemErrors"), 1, "The table answered with system errors");
    return [
      new cloudwatch.GraphWidget({
        title: "Table consumed capacity",
        left: [tableMetric("ConsumedReadCapacityUnits"), tableMetric("ConsumedWriteCapacityUnits")],
        width: 12,
      }),
      new cloudwatch.GraphWidget({ title: "Table and index throttles, system errors", left: [onTable, onIndex, tableMetric("SystemErrors")], width: 12 }),
    ];
  }

  /**
   * Mail the functions failed to hand to SES (their error log lines, counted
   * by the Functions stack's metric filters), and what SES reports through
   * the stage's configuration set.
   */
  private mail(props: OperationsStackProps): cloudwatch.IWidget[] {
    const failures = new cloudwatch.Metric({
      namespace: shopNamespace(props.stage),
      metricName: MAIL_FAILURES_METRIC,
      statistic: "Sum",
      period: FIVE_MINUTES,
    });
    const sesMetric = (metricName: string) =>
      new cloudwatch.Metric({
        namespace: "AWS/SES",
        metricName,
        dimensionsMap: { "ses:configuration-set": props.configurationSetName },
        statistic: "Sum",
        period: FIVE_MINUTES,
      });
    const sends = sesMetric("Send");
    const bounceRate = percentOf("bounces", sesMetric("Bounce"), sends, "Bounce rate (%)", 20);
    const complaintRate = percentOf("complaints", sesMetric("Complaint"), sends, "Complaint rate (%)", 20);
    this.wake("MailFailures", failures, 1, "A mail was not sent (an order confirmation, account mail or request notice): see the functions' error logs");
    this.wake("MailBounceRate", bounceRate, BOUNCE_RATE_PERCENT, `${BOUNCE_RATE_PERCENT}% or more of the mail sent bounced`);
    this.wake("MailComplaintRate", complaintRate, COMPLAINT_RATE_PERCENT, `${COMPLAINT_RATE_PERCENT}% or more of the mail sent drew a complaint`);
    this.wake("MailRejects", sesMetric("Reject"), 1, "SES rejected a mail (it found a virus in it)");
    this.wake("MailRenderingFailures", sesMetric("RenderingFailure"), 1, "SES could not render a mail");
    return [
      new cloudwatch.GraphWidget({
        title: "Mail: sent, not sent, bounced, complaints",
        left: [sends, failures, sesMetric("Bounce"), sesMetric("Complaint")],
        width: 12,
      }),
      new cloudwatch.GraphWidget({ title: "Mail: bounce and complaint rates (%)", left: [bounceRate, complaintRate], width: 12 }),
    ];
  }

  private concurrency(props: OperationsStackProps): cloudwatch.IWidget[] {
    const concurrent = new cloudwatch.Metric({
      namespace: "AWS/Lambda",
      metricName: "ConcurrentExecutions",
      statistic: "Maximum",
      period: Duration.minutes(1),
    });
    const threshold = Math.floor(props.accountConcurrency * CONCURRENCY_ALARM_SHARE);
    this.wake(
      "LambdaConcurrency",
      concurrent,
      threshold,
      `Lambda concurrency reached ${threshold} (${CONCURRENCY_ALARM_SHARE * 100}% of the account's ${props.accountConcurrency})`,
      3,
    );
    return [
      new cloudwatch.GraphWidget({
        title: "Lambda concurrency (account)",
        left: [concurrent],
        leftAnnotations: [{ value: threshold, label: "alarm" }],
        width: 12,
      }),
    ];
  }

  /** CloudFront publishes its metrics in us-east-1 only: graphed from there (its alarm is EdgeAlarmsStack's). */
  private cdn(props: OperationsStackProps): cloudwatch.IWidget[] {
    const cdnMetric = (metricName: string) =>
      new cloudwatch.Metric({
        namespace: "AWS/CloudFront",
        metricName,
        dimensionsMap: { DistributionId: props.distribution.distributionId, Region: "Global" },
        statistic: metricName === "Requests" ? "Sum" : "Average",
        period: FIVE_MINUTES,
        region: "us-east-1",
      });
    return [
      new cloudwatch.GraphWidget({ title: "CloudFront requests", left: [cdnMetric("Requests")], width: 12 }),
      new cloudwatch.GraphWidget({ title: "CloudFront error rates (%)", left: [cdnMetric("4xxErrorRate"), cdnMetric("5xxErrorRate")], width: 12 }),
    ];
  }

  /**
   * The stage's monthly cost budget, over the resources tagged with its Stage
   * (activate Stage as a cost allocation tag once, README): the alarm topic
   * hears at 80% of actual spend and at 100% forecast.
   */
  private budget(stage: string, amount: number) {
    this.topic.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [new iam.ServicePrincipal("budgets.amazonaws.com")],
        actions: ["SNS:Publish"],
        resources: [this.topic.topicArn],
      }),
    );
    const alert = (notificationType: "ACTUAL" | "FORECASTED", threshold: number) => ({
      notification: { notificationType, comparisonOperator: "GREATER_THAN", threshold, thresholdType: "PERCENTAGE" },
      subscribers: [{ subscriptionType: "SNS", address: this.topic.topicArn }],
    });
    new budgets.CfnBudget(this, "MonthlyCost", {
      budget: {
        budgetName: `couture-${stage}-monthly`,
        budgetType: "COST",
        timeUnit: "MONTHLY",
        budgetLimit: { amount, unit: "USD" },
        costFilters: { TagKeyValue: [`user:Stage$${stage}`] },
      },
      notificationsWithSubscribers: [alert("ACTUAL", 80), alert("FORECASTED", 100)],
    });
  }
}
