// The checkout that never loses money, as deployed: the reconciler (a Lambda
// of its own crate, functions/reconcile, serving no route) run by an
// EventBridge schedule from the payment budget, its alarms, and the alarms
// on the lines the payment function and the reconciler log when money and
// orders disagree. Everything here lives in the Functions stack beside the
// functions it watches: no other stack refers to it.
import { Duration } from "aws-cdk-lib";
import * as cloudwatch from "aws-cdk-lib/aws-cloudwatch";
import * as events from "aws-cdk-lib/aws-events";
import * as targets from "aws-cdk-lib/aws-events-targets";
import type * as lambda from "aws-cdk-lib/aws-lambda";
import * as logs from "aws-cdk-lib/aws-logs";
import type * as sns from "aws-cdk-lib/aws-sns";
import { Construct } from "constructs";
import { FIVE_MINUTES, shopNamespace, wakeAlarm } from "./alarms.ts";
import type { PaymentBudget } from "./payment-budget.ts";
import { RECONCILER } from "./routes.ts";

/**
 * A value of the `alarm` field the Rust functions log on an error line
 * (`tracing::error!(alarm = "…", …)`), counted from the log groups of the
 * functions that log it into a metric of the stage's namespace.
 */
export interface LogAlarm {
  /** The `alarm` field's value. */
  readonly value: string;
  readonly metricName: string;
  /** The functions whose logs carry it. */
  readonly functions: readonly string[];
  /** What the alarm says when one line is logged; absent: counted and drawn, never paging. */
  readonly description?: string;
}

/**
 * The payment lines:
 * - `payment_unknown`: a provider answer was lost or unreadable (the payment
 *   function, or the reconciler asking again). Not a page: the reconciler
 *   settles it by its order reference; counted and drawn only.
 * - `payment_unresolved`: the reconciler could not settle one (the provider
 *   still cannot say, or placing and reversing both failed): a person must.
 * - `payment_without_order`: a shopper was charged, no order was placed, and
 *   the charge could not be reversed (the payment function today, the
 *   reconciler when it reverses one).
 */
export const PAYMENT_LOG_ALARMS: readonly LogAlarm[] = [
  { value: "payment_unknown", metricName: "PaymentUnknown", functions: ["payment", RECONCILER] },
  {
    value: "payment_unresolved",
    metricName: "PaymentUnresolved",
    functions: [RECONCILER],
    description: `A payment whose outcome was lost could not be settled by the reconciler (alarm="payment_unresolved"): see the ${RECONCILER} function's error log for the order reference and settle it with the provider`,
  },
  {
    value: "payment_without_order",
    metricName: "PaymentWithoutOrder",
    functions: ["payment", RECONCILER],
    description:
      'A shopper was charged, no order was placed and the charge could not be reversed (alarm="payment_without_order"): see the error log for the order, then refund it with shopctl orders refund',
  },
];

/**
 * The filter of an `alarm` value: tracing-subscriber's json() nests an
 * event's fields under `fields` (as MAIL_FAILURE_PATTERN's message), e.g.
 * {"level":"ERROR","fields":{"alarm":"payment_without_order",…}}.
 */
export const logAlarmPattern = (value: string) => `{ $.fields.alarm = "${value}" }`;

export interface PaymentLogAlarmsProps {
  /** The log group of each deployed function, by name. */
  readonly logGroups: ReadonlyMap<string, logs.ILogGroup>;
  readonly topic: sns.ITopic;
  readonly stage: string;
}

/** The metric filters and alarms of PAYMENT_LOG_ALARMS, on the functions that are deployed. */
export class PaymentLogAlarms extends Construct {
  readonly alarms: cloudwatch.Alarm[] = [];
  readonly widgets: cloudwatch.IWidget[];

  constructor(scope: Construct, id: string, props: PaymentLogAlarmsProps) {
    super(scope, id);
    const namespace = shopNamespace(props.stage);
    const metrics: cloudwatch.IMetric[] = [];
    for (const line of PAYMENT_LOG_ALARMS) {
      const groups = line.functions.flatMap((name) => props.logGroups.get(name) ?? []);
      if (groups.length === 0) continue;
      for (const group of groups) {
        group.addMetricFilter(line.metricName, {
          filterPattern: logs.FilterPattern.literal(logAlarmPattern(line.value)),
          metricNamespace: namespace,
          metricName: line.metricName,
          metricValue: "1",
        });
      }
      const metric = new cloudwatch.Metric({ namespace, metricName: line.metricName, statistic: "Sum", period: FIVE_MINUTES });
      metrics.push(metric.with({ label: line.value }));
      if (line.description) {
        this.alarms.push(wakeAlarm(this, line.metricName, metric, { threshold: 1, description: line.description, topic: props.topic }));
      }
    }
    this.widgets = [new cloudwatch.GraphWidget({ title: "Payments: unknown, unresolved, charged without an order", left: metrics, width: 12 })];
  }
}

export interface ReconcilerProps {
  readonly fn: lambda.Function;
  readonly budget: PaymentBudget;
  readonly topic: sns.ITopic;
}

/** The reconciler's schedule and the alarms of its runs. */
export class Reconciler extends Construct {
  readonly rule: events.Rule;
  readonly alarms: cloudwatch.Alarm[] = [];
  readonly widgets: cloudwatch.IWidget[];

  constructor(scope: Construct, id: string, props: ReconcilerProps) {
    super(scope, id);
    const { fn, budget, topic } = props;
    const every = Duration.minutes(budget.reconcileEveryMinutes);
    // The next run is the retry: a failed run is not run again by Lambda,
    // and an event older than the interval is the next run's to do.
    fn.configureAsyncInvoke({ retryAttempts: 0, maxEventAge: every });
    this.rule = new events.Rule(this, "Schedule", {
      description: `Runs ${RECONCILER} every ${budget.reconcileEveryMinutes} minutes (shared/payment-budget.json)`,
      schedule: events.Schedule.rate(every),
      targets: [new targets.LambdaFunction(fn, { maxEventAge: every })],
    });

    const wake = (alarmId: string, metric: cloudwatch.IMetric, description: string) =>
      this.alarms.push(wakeAlarm(this, alarmId, metric, { threshold: 1, description, topic }));
    const errors = fn.metricErrors({ period: FIVE_MINUTES, statistic: "Sum" });
    const failedInvocations = new cloudwatch.Metric({
      namespace: "AWS/Events",
      metricName: "FailedInvocations",
      dimensionsMap: { RuleName: this.rule.ruleName },
      statistic: "Sum",
      period: FIVE_MINUTES,
    });
    wake("Errors", errors, `${RECONCILER}: a run failed (an error, a timeout or a crash); payments whose outcome is unknown wait for the next run`);
    wake("ScheduleFailures", failedInvocations, `${RECONCILER}: EventBridge could not invoke it on its schedule`);

    this.widgets = [
      new cloudwatch.GraphWidget({
        title: `${RECONCILER}: runs, failed runs and failed schedules; duration max`,
        left: [fn.metricInvocations({ period: FIVE_MINUTES, statistic: "Sum" }), errors, failedInvocations],
        right: [fn.metricDuration({ period: FIVE_MINUTES, statistic: "Maximum" })],
        rightAnnotations: [{ value: budget.reconcileTimeoutSeconds * 1000, label: "timeout" }],
        width: 12,
      }),
    ];
  }
}
