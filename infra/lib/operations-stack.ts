// Alarms and a dashboard: function errors and throttles, the API's 5xx, the
// table's throttling and consumed capacity, and CloudFront's error rate.
import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as budgets from 'aws-cdk-lib/aws-budgets';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';

export interface OperationsStackProps extends StackProps {
  readonly functions: ReadonlyMap<string, lambda.IFunction>;
  readonly api: apigwv2.IHttpApi;
  readonly table: dynamodb.ITable;
  readonly distribution: cloudfront.IDistribution;
  readonly alarmEmail?: string;
  readonly stage: string;
  /** USD a month; 0 = no budget. */
  readonly monthlyBudgetUsd: number;
}

const FIVE_MINUTES = Duration.minutes(5);

export class OperationsStack extends Stack {
  readonly alarms: cloudwatch.Alarm[] = [];
  readonly topic: sns.Topic;

  constructor(scope: Construct, id: string, props: OperationsStackProps) {
    super(scope, id, props);
    this.topic = new sns.Topic(this, 'Alarms', { displayName: 'Couture storefront alarms' });
    if (props.alarmEmail) this.topic.addSubscription(new subscriptions.EmailSubscription(props.alarmEmail));
    if (props.monthlyBudgetUsd > 0) this.budget(props.stage, props.monthlyBudgetUsd);

    const dashboard = new cloudwatch.Dashboard(this, 'Dashboard', { defaultInterval: Duration.hours(3) });

    for (const [name, fn] of props.functions) {
      const errors = fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' });
      const throttles = fn.metricThrottles({ period: FIVE_MINUTES, statistic: 'Sum' });
      this.alarm(`${name}-errors`, errors, 1, `${name}: the function failed (errors, timeouts or crashes)`);
      this.alarm(`${name}-throttles`, throttles, 1, `${name}: invocations were throttled`);
      dashboard.addWidgets(
        new cloudwatch.GraphWidget({
          title: `${name}: invocations, errors, throttles`,
          left: [fn.metricInvocations({ period: FIVE_MINUTES }), errors, throttles],
          width: 12,
        }),
        new cloudwatch.GraphWidget({
          title: `${name}: duration p50 / p99`,
          left: [fn.metricDuration({ statistic: 'p50' }), fn.metricDuration({ statistic: 'p99' })],
          width: 12,
        }),
      );
    }

    const apiMetric = (metricName: string, statistic = 'Sum') =>
      new cloudwatch.Metric({
        namespace: 'AWS/ApiGateway',
        metricName,
        dimensionsMap: { ApiId: props.api.apiId },
        statistic,
        period: FIVE_MINUTES,
      });
    this.alarm('api-5xx', apiMetric('5xx'), 5, 'The API answered 5xx');
    dashboard.addWidgets(
      new cloudwatch.GraphWidget({ title: 'API requests and errors', left: [apiMetric('Count'), apiMetric('4xx'), apiMetric('5xx')], width: 12 }),
      new cloudwatch.GraphWidget({ title: 'API latency p99', left: [apiMetric('Latency', 'p99'), apiMetric('IntegrationLatency', 'p99')], width: 12 }),
    );

    const tableMetric = (metricName: string) => props.table.metric(metricName, { period: FIVE_MINUTES, statistic: 'Sum' });
    const tableThrottles = new cloudwatch.MathExpression({
      label: 'Throttled requests',
      expression: 'r + w',
      usingMetrics: { r: tableMetric('ReadThrottleEvents'), w: tableMetric('WriteThrottleEvents') },
      period: FIVE_MINUTES,
    });
    this.alarm('table-throttles', tableThrottles, 1, 'The table throttled requests');
    this.alarm('table-system-errors', tableMetric('SystemErrors'), 1, 'The table answered with system errors');
    dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'Table consumed capacity',
        left: [tableMetric('ConsumedReadCapacityUnits'), tableMetric('ConsumedWriteCapacityUnits')],
        width: 12,
      }),
      new cloudwatch.GraphWidget({ title: 'Table throttles and errors', left: [tableThrottles, tableMetric('SystemErrors')], width: 12 }),
    );

    // CloudFront publishes its metrics in us-east-1 only: graphed from there;
    // an alarm on them would have to live in us-east-1 too.
    const cdnMetric = (metricName: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/CloudFront',
        metricName,
        dimensionsMap: { DistributionId: props.distribution.distributionId, Region: 'Global' },
        statistic: metricName === 'Requests' ? 'Sum' : 'Average',
        period: FIVE_MINUTES,
        region: 'us-east-1',
      });
    if (this.region === 'us-east-1') this.alarm('cdn-5xx-rate', cdnMetric('5xxErrorRate'), 5, 'CloudFront: over 5% of responses are 5xx');
    dashboard.addWidgets(
      new cloudwatch.GraphWidget({ title: 'CloudFront requests', left: [cdnMetric('Requests')], width: 12 }),
      new cloudwatch.GraphWidget({ title: 'CloudFront error rates (%)', left: [cdnMetric('4xxErrorRate'), cdnMetric('5xxErrorRate')], width: 12 }),
    );
  }

  private alarm(name: string, metric: cloudwatch.IMetric, threshold: number, description: string) {
    const alarm = new cloudwatch.Alarm(this, name, {
      alarmDescription: description,
      metric,
      threshold,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(new actions.SnsAction(this.topic));
    this.alarms.push(alarm);
  }

  /**
   * The stage's monthly cost budget, over the resources tagged with its Stage
   * (activate Stage as a cost allocation tag once, README): the alarm topic
   * hears at 80% of actual spend and at 100% forecast.
   */
  private budget(stage: string, amount: number) {
    this.topic.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [new iam.ServicePrincipal('budgets.amazonaws.com')],
        actions: ['SNS:Publish'],
        resources: [this.topic.topicArn],
      }),
    );
    const alert = (notificationType: 'ACTUAL' | 'FORECASTED', threshold: number) => ({
      notification: { notificationType, comparisonOperator: 'GREATER_THAN', threshold, thresholdType: 'PERCENTAGE' },
      subscribers: [{ subscriptionType: 'SNS', address: this.topic.topicArn }],
    });
    new budgets.CfnBudget(this, 'MonthlyCost', {
      budget: {
        budgetName: `couture-${stage}-monthly`,
        budgetType: 'COST',
        timeUnit: 'MONTHLY',
        budgetLimit: { amount, unit: 'USD' },
        costFilters: { TagKeyValue: [`user:Stage$${stage}`] },
      },
      notificationsWithSubscribers: [alert('ACTUAL', 80), alert('FORECASTED', 100)],
    });
  }
}