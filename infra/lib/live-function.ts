// A function as the API reaches it: its published version behind the `live`
// alias, moved there by CodeDeploy (canary or linear) and moved back when
// the new version's error rate or the function's 5xx rate fires; and the
// alarms worth waking for, all rates or percentiles. Everything here lives in
// the Functions stack beside its function: no other stack refers to a
// per-function value, so removing or renaming a function never leaves an
// export another stack still imports.
import * as cloudwatch from "aws-cdk-lib/aws-cloudwatch";
import * as codedeploy from "aws-cdk-lib/aws-codedeploy";
import type * as iam from "aws-cdk-lib/aws-iam";
import * as lambda from "aws-cdk-lib/aws-lambda";
import * as logs from "aws-cdk-lib/aws-logs";
import type * as sns from "aws-cdk-lib/aws-sns";
import { Construct } from "constructs";
import { FIVE_MINUTES, percentOf, shopNamespace, wakeAlarm } from "./alarms.ts";
import type { Deployment } from "./config.ts";
import { routeKeys } from "./routes.ts";

/** The alias the API integrates; CodeDeploy moves it from version to version. */
export const LIVE_ALIAS = "live";

export const DEPLOYMENT_CONFIGS: Record<Deployment, codedeploy.ILambdaDeploymentConfig> = {
  canary: codedeploy.LambdaDeploymentConfig.CANARY_10PERCENT_5MINUTES,
  linear: codedeploy.LambdaDeploymentConfig.LINEAR_10PERCENT_EVERY_1MINUTE,
  "all-at-once": codedeploy.LambdaDeploymentConfig.ALL_AT_ONCE,
};

/** Error and 5xx rates (%) that wake someone, or roll a deployment back. */
export const ERROR_RATE_PERCENT = 5;
export const THROTTLE_RATE_PERCENT = 1;

export interface LiveFunctionProps {
  readonly name: string;
  readonly fn: lambda.Function;
  /** The /api prefixes it serves (its 5xx are counted from the API's access log by route). */
  readonly prefixes: readonly string[];
  readonly accessLogs: logs.ILogGroup;
  readonly topic: sns.ITopic;
  readonly stage: string;
  readonly deployment: Deployment;
  readonly application: codedeploy.ILambdaApplication;
  readonly deployRole: iam.IRole;
  readonly p99LatencyMs: number;
}

/** The access-log filter of the requests routed to these prefixes (`extra`: more conditions). */
export function routeFilter(prefixes: readonly string[], extra?: string): string {
  const routes = prefixes.flatMap(routeKeys).map((key) => `$.routeKey = "${key.replace("{proxy+}", "*")}"`);
  return `{ (${routes.join(" || ")})${extra ? ` && ${extra}` : ""} }`;
}

export class LiveFunction extends Construct {
  readonly alias: lambda.Alias;
  readonly alarms: cloudwatch.Alarm[] = [];
  readonly deploymentGroup: codedeploy.LambdaDeploymentGroup;
  readonly widgets: cloudwatch.IWidget[];

  constructor(scope: Construct, id: string, props: LiveFunctionProps) {
    super(scope, id);
    const { name, fn, topic } = props;
    const version = fn.currentVersion;
    this.alias = new lambda.Alias(this, "Live", { aliasName: LIVE_ALIAS, version });

    const aliasMetric = (metricName: string, statistic = "Sum") => this.alias.metric(metricName, { period: FIVE_MINUTES, statistic });
    const invocations = aliasMetric("Invocations");
    const errors = aliasMetric("Errors");
    const throttles = aliasMetric("Throttles");
    const p99 = aliasMetric("Duration", "p99");
    const { requests, serverErrors } = this.routeMetrics(props);

    const errorRate = percentOf("errors", errors, invocations, `${name} error rate (%)`);
    const serverErrorRate = percentOf("serverErrors", serverErrors, requests, `${name} 5xx rate (%)`);
    const throttleRate = new cloudwatch.MathExpression({
      label: `${name} throttle rate (%)`,
      expression: "IF(i + t >= 10, 100 * t / (i + t), 0)",
      usingMetrics: { i: invocations, t: throttles },
      period: FIVE_MINUTES,
    });
    const wake = (alarmId: string, metric: cloudwatch.IMetric, threshold: number, description: string, periods = 1) => {
      const alarm = wakeAlarm(this, alarmId, metric, { threshold, description, periods, topic });
      this.alarms.push(alarm);
      return alarm;
    };
    wake("ErrorRate", errorRate, ERROR_RATE_PERCENT, `${name}: ${ERROR_RATE_PERCENT}% or more of invocations failed (errors, timeouts, crashes)`);
    const serverErrorAlarm = wake("5xxRate", serverErrorRate, ERROR_RATE_PERCENT, `${name}: ${ERROR_RATE_PERCENT}% or more of its API responses are 5xx`);
    wake("ThrottleRate", throttleRate, THROTTLE_RATE_PERCENT, `${name}: ${THROTTLE_RATE_PERCENT}% or more of invocations throttled`);
    wake("LatencyP99", p99, props.p99LatencyMs, `${name}: p99 duration at or over ${props.p99LatencyMs} ms for 15 minutes`, 3);

    // The new version's own errors: during a canary it takes a tenth of the
    // traffic, so the alias's rate would hide it.
    const newVersionMetric = (metricName: string) =>
      new cloudwatch.Metric({
        namespace: "AWS/Lambda",
        metricName,
        dimensionsMap: { FunctionName: fn.functionName, Resource: `${fn.functionName}:${LIVE_ALIAS}`, ExecutedVersion: version.version },
        statistic: "Sum",
        period: FIVE_MINUTES,
      });
    const newVersionErrors = wakeAlarm(
      this,
      "NewVersionErrorRate",
      percentOf("newVersion", newVersionMetric("Errors"), newVersionMetric("Invocations"), `${name} new version error rate (%)`, 3),
      { threshold: ERROR_RATE_PERCENT, description: `${name}: the version being deployed fails; CodeDeploy rolls it back` },
    );
    this.deploymentGroup = new codedeploy.LambdaDeploymentGroup(this, "Deployment", {
      application: props.application,
      role: props.deployRole,
      alias: this.alias,
      deploymentConfig: DEPLOYMENT_CONFIGS[props.deployment],
      alarms: [newVersionErrors, serverErrorAlarm],
      autoRollback: { failedDeployment: true, stoppedDeployment: true, deploymentInAlarm: true },
    });

    this.widgets = [
      new cloudwatch.GraphWidget({ title: `${name}: error, 5xx and throttle rates (%)`, left: [errorRate, serverErrorRate, throttleRate], width: 12 }),
      new cloudwatch.GraphWidget({
        title: `${name}: invocations; duration p50 / p99`,
        left: [invocations],
        right: [aliasMetric("Duration", "p50"), p99],
        width: 12,
      }),
    ];
  }

  /** Requests and 5xx answers of the function's routes, counted from the API's access log. */
  private routeMetrics(props: LiveFunctionProps) {
    const namespace = shopNamespace(props.stage);
    const filter = (filterId: string, pattern: string, metricName: string) =>
      new logs.MetricFilter(this, filterId, {
        logGroup: props.accessLogs,
        filterPattern: logs.FilterPattern.literal(pattern),
        metricNamespace: namespace,
        metricName,
        metricValue: "1",
        defaultValue: 0,
      }).metric({ statistic: "Sum", period: FIVE_MINUTES });
    return {
      requests: filter("Requests", routeFilter(props.prefixes), `${props.name}-requests`),
      serverErrors: filter("ServerErrors", routeFilter(props.prefixes, '$.status = "5*"'), `${props.name}-5xx`),
    };
  }
}
