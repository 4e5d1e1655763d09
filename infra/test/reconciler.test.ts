// Issue 32, a checkout that never loses money, as deployed: one time budget
// (shared/payment-budget.json) for the payment function and the reconciler,
// the reconciler on its schedule with the payment function's wiring, and the
// alarms of payments that went wrong.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { type CfnElement, Stack } from "aws-cdk-lib";
import type * as lambda from "aws-cdk-lib/aws-lambda";
import { DEFAULT_TIMEOUT_SECONDS } from "../lib/function-access.ts";
import { MAIL_FAILURE_PATTERN } from "../lib/functions-stack.ts";
import { PAYMENT_BUDGET, parsePaymentBudget } from "../lib/payment-budget.ts";
import { logAlarmPattern, PAYMENT_LOG_ALARMS } from "../lib/reconciler.ts";
import { deployedFunctions, loadRoutes, RECONCILER } from "../lib/routes.ts";
import type { Shop } from "../lib/shop.ts";
import { realRoutes, repoRoot, rustSources, synthShop, templatesOf, type Json } from "./support.ts";

const routes = realRoutes();
const shop = synthShop(routes);
const template = templatesOf(shop);
const resources = (type: string, stack: keyof Shop = "functions"): Record<string, Json> => template(stack).findResources(type);
const functionsJson = () => template("functions").toJSON().Resources as Record<string, Json>;
const idOf = (construct: { node: { defaultChild?: unknown } }) => Stack.of(shop.functions).getLogicalId(construct.node.defaultChild as CfnElement);
const fnOf = (name: string) => shop.functions.functions.get(name)! as lambda.Function;
const propsOf = (name: string) => functionsJson()[idOf(fnOf(name))].Properties;
const asArray = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

/** The budget as the Rust side reads it: the file itself, not infra's copy of it. */
const budget = JSON.parse(readFileSync(join(repoRoot, "shared", "payment-budget.json"), "utf8"));

/** Every IAM statement on a function's role. */
function statementsOf(name: string): Json[] {
  const fn = fnOf(name);
  const roleId = Stack.of(fn).getLogicalId(fn.role!.node.defaultChild as CfnElement);
  return Object.values(resources("AWS::IAM::Policy"))
    .filter((p) => p.Properties.Roles.some((r: Json) => r.Ref === roleId))
    .flatMap((p) => p.Properties.PolicyDocument.Statement);
}

/** The metric an alarm reads (these alarms read one metric each). */
const metricOf = (alarm: Json) => ({ namespace: alarm.Properties.Namespace, name: alarm.Properties.MetricName, dimensions: alarm.Properties.Dimensions ?? [] });
const alarmsReading = (metricName: string, stack: keyof Shop = "functions") =>
  Object.values(resources("AWS::CloudWatch::Alarm", stack)).filter((a) => a.Properties.MetricName === metricName);
/** The action of the alarms that wake someone: the Operations stack's topic. */
const alarmTopic = () => {
  const [live] = shop.functions.live.values();
  return functionsJson()[idOf(live.alarms[0])].Properties.AlarmActions;
};

/**
 * Whether a CloudWatch Logs JSON filter of the form `{ $.a.b = "v" }` (one
 * or more terms joined by ||) matches a log line.
 */
function matches(pattern: string, line: string): boolean {
  const event = JSON.parse(line);
  const terms = [...pattern.matchAll(/\$\.([\w.]+) = "([^"]*)"/g)];
  assert.ok(terms.length > 0, pattern);
  return terms.some(([, path, value]) => path.split(".").reduce<unknown>((v, key) => (v as Json | undefined)?.[key], event) === value);
}

describe("payment budget", () => {
  it("sets the payment function's timeout, into which a provider request fits three times", () => {
    assert.equal(propsOf("payment").Timeout, budget.functionTimeoutSeconds);
    assert.ok(budget.providerRequestMs * 3 <= budget.functionTimeoutSeconds * 1000, "a charge, its undo and the rest fit in the function");
    assert.ok(budget.providerConnectMs <= budget.providerRequestMs, "connecting is part of a request");
    assert.deepEqual(PAYMENT_BUDGET, budget, "infra reads shared/payment-budget.json itself");
  });

  it("leaves every other API function at the default timeout", () => {
    for (const name of shop.functions.live.keys()) {
      if (name !== "payment") assert.equal(propsOf(name).Timeout, DEFAULT_TIMEOUT_SECONDS, name);
    }
    assert.equal(DEFAULT_TIMEOUT_SECONDS, 10);
  });

  it("refuses a budget with a missing or unusable field", () => {
    const text = readFileSync(join(repoRoot, "shared", "payment-budget.json"), "utf8");
    assert.deepEqual(parsePaymentBudget(text), budget);
    for (const bad of [{ functionTimeoutSeconds: 0 }, { functionTimeoutSeconds: "15" }, { reconcileEveryMinutes: 2.5 }, { providerRequestMs: undefined }]) {
      assert.throws(() => parsePaymentBudget(JSON.stringify({ ...budget, ...bad })), /must be a positive whole number/, JSON.stringify(bad));
    }
  });
});

describe("reconciler", () => {
  const p = propsOf(RECONCILER);

  it("is a function of its own crate, serving no route, with the budget's timeout", () => {
    assert.equal(p.Timeout, budget.reconcileTimeoutSeconds);
    assert.ok(budget.reconcileLeaseSeconds > budget.reconcileTimeoutSeconds, "a run AWS has not stopped still holds its lease");
    assert.equal(p.Handler, "bootstrap");
    assert.deepEqual(p.Architectures, ["arm64"]);
    assert.equal(p.Runtime, "provided.al2023");
    assert.equal(p.LoggingConfig.LogFormat, "JSON");
    assert.deepEqual(p.TracingConfig, { Mode: "Active" });
    assert.equal(p.LoggingConfig.LogGroup.Ref, idOf(shop.functions.logGroups.get(RECONCILER)!), "its own log group");
    // Built with the others (the first bundling builds every deployed function, as make lambda-bootstraps does).
    assert.ok(deployedFunctions(routes).includes(RECONCILER));
    assert.match(p.Description, /^reconcile: /, "the size report names a bundle by the description's first word");
    assert.ok(!shop.functions.live.has(RECONCILER), "no alias, no CodeDeploy, no API route");
    const routed = JSON.stringify(resources("AWS::ApiGatewayV2::Integration"));
    assert.doesNotMatch(routed, new RegExp(idOf(fnOf(RECONCILER))));
  });

  it("can never be given a route in shared/routes.json", () => {
    const file = join(mkdtempSync(join(tmpdir(), "couture-routes-")), "routes.json");
    writeFileSync(file, JSON.stringify({ functions: [...routes, { name: RECONCILER, prefixes: ["/api/reconcile"] }] }));
    assert.throws(() => loadRoutes(file), /reconcile serves no route/);
  });

  it("runs every reconcileEveryMinutes on an EventBridge schedule that invokes it", () => {
    const rules = Object.entries(resources("AWS::Events::Rule"));
    assert.equal(rules.length, 1);
    const [ruleId, rule] = rules[0];
    assert.equal(rule.Properties.ScheduleExpression, `rate(${budget.reconcileEveryMinutes} minutes)`);
    assert.equal(rule.Properties.State, "ENABLED");
    assert.equal(rule.Properties.Targets.length, 1);
    const [target] = rule.Properties.Targets;
    assert.deepEqual(target.Arn, { "Fn::GetAtt": [idOf(fnOf(RECONCILER)), "Arn"] });
    // A scheduled event older than the interval is the next run's to do.
    assert.equal(target.RetryPolicy.MaximumEventAgeInSeconds, budget.reconcileEveryMinutes * 60);
    template("functions").hasResourceProperties("AWS::Lambda::Permission", {
      Action: "lambda:InvokeFunction",
      Principal: "events.amazonaws.com",
      FunctionName: { "Fn::GetAtt": [idOf(fnOf(RECONCILER)), "Arn"] },
      SourceArn: { "Fn::GetAtt": [ruleId, "Arn"] },
    });
    // Lambda does not run a failed run again: the next scheduled one is its retry.
    const invokeConfigs = Object.values(resources("AWS::Lambda::EventInvokeConfig")).filter((c) => c.Properties.FunctionName.Ref === idOf(fnOf(RECONCILER)));
    assert.equal(invokeConfigs.length, 1);
    assert.equal(invokeConfigs[0].Properties.MaximumRetryAttempts, 0);
  });

  it("gets the payment function's configuration and grants, except what only answering requests needs", () => {
    const requestOnly = ["SESSION_KEY_SECRET_ARN", "ORIGIN_SECRET_ARN"];
    const paymentEnv: Json = propsOf("payment").Environment.Variables;
    for (const key of requestOnly) assert.ok(paymentEnv[key], `payment has ${key}`);
    const shared = Object.fromEntries(Object.entries(paymentEnv).filter(([key]) => !requestOnly.includes(key)));
    assert.deepEqual(p.Environment.Variables, shared);
    assert.ok(p.Environment.Variables.PAYMENT_PROVIDER_SECRET_ARN && p.Environment.Variables.PAYPAL_SECRET_ARN && p.Environment.Variables.TABLE_NAME);
    // Secrets, mail and invoices: the payment function's statements, less the session key and the origin secret
    // (and each its own log group).
    const other = (name: string) =>
      statementsOf(name)
        .filter((s) => !asArray<string>(s.Action).some((a) => a.startsWith("dynamodb:") || a.startsWith("xray:") || a.startsWith("logs:")))
        .filter((s) => !/SessionKey|OriginVerify/.test(JSON.stringify(s.Resource)))
        .map((s) => JSON.stringify(s))
        .sort();
    assert.deepEqual(other(RECONCILER), other("payment"));
    const reconcileText = JSON.stringify(statementsOf(RECONCILER));
    assert.doesNotMatch(reconcileText, /SessionKey|OriginVerify/);
    assert.match(reconcileText, /ses:SendEmail/);
    assert.match(reconcileText, /"s3:PutObject"/);
    assert.equal(statementsOf(RECONCILER).filter((s) => asArray(s.Action).includes("secretsmanager:GetSecretValue")).length, 2, "the provider's and PayPal's");
  });

  it("counts its mail failures with the other mailing functions", () => {
    const filters = Object.values(resources("AWS::Logs::MetricFilter")).filter((f) => f.Properties.FilterPattern === MAIL_FAILURE_PATTERN);
    assert.ok(filters.some((f) => f.Properties.LogGroupName.Ref === idOf(shop.functions.logGroups.get(RECONCILER)!)));
  });

  it("pages the shop's alarm topic on any failed run, and on a schedule that could not invoke it", () => {
    const topic = alarmTopic();
    assert.match(JSON.stringify(topic), /Fn::ImportValue.*CoutureStagingOperations.*Alarms/);
    const [errors] = alarmsReading("Errors").filter((a) => JSON.stringify(metricOf(a).dimensions).includes(idOf(fnOf(RECONCILER))));
    assert.ok(errors, "an alarm on the reconciler's errors");
    assert.equal(metricOf(errors).namespace, "AWS/Lambda");
    assert.deepEqual(metricOf(errors).dimensions, [{ Name: "FunctionName", Value: { Ref: idOf(fnOf(RECONCILER)) } }]);
    const [ruleId] = Object.keys(resources("AWS::Events::Rule"));
    const [failed] = alarmsReading("FailedInvocations");
    assert.equal(metricOf(failed).namespace, "AWS/Events");
    assert.deepEqual(metricOf(failed).dimensions, [{ Name: "RuleName", Value: { Ref: ruleId } }]);
    for (const alarm of [errors, failed]) {
      const a = alarm.Properties;
      assert.equal(a.Statistic, "Sum");
      assert.equal(a.Period, 300);
      assert.equal(a.Threshold, 1);
      assert.equal(a.ComparisonOperator, "GreaterThanOrEqualToThreshold");
      assert.equal(a.EvaluationPeriods, 1);
      assert.equal(a.TreatMissingData, "notBreaching");
      assert.deepEqual(a.AlarmActions, topic);
    }
  });

  it("is named in an output the rollback script does not read (it has no live alias to move)", () => {
    const outputs = template("functions").toJSON().Outputs as Record<string, Json>;
    assert.deepEqual(outputs.ReconcilerName.Value, { Ref: idOf(fnOf(RECONCILER)) });
    assert.equal(outputs.ReconcilerName.Export, undefined);
    assert.ok(!Object.keys(outputs).some((key) => key.endsWith("FunctionName") && key.startsWith("Reconcile")));
  });
});

describe("payment alarms", () => {
  const namespace = "Couture/staging";
  const filtersOf = (name: string) =>
    Object.values(resources("AWS::Logs::MetricFilter")).filter((f) => f.Properties.LogGroupName.Ref === idOf(shop.functions.logGroups.get(name)!));
  const filterFor = (name: string, value: string) => filtersOf(name).find((f) => f.Properties.FilterPattern === logAlarmPattern(value));

  it("match the alarm lines as tracing-subscriber's json writes them", () => {
    const line = (alarm: string) =>
      JSON.stringify({ level: "ERROR", fields: { alarm, order: "01J", message: "the payment could not be reversed" }, target: "payment" });
    for (const { value } of PAYMENT_LOG_ALARMS) {
      assert.equal(logAlarmPattern(value), `{ $.fields.alarm = "${value}" }`);
      assert.ok(matches(logAlarmPattern(value), line(value)), value);
      for (const other of PAYMENT_LOG_ALARMS.filter((o) => o.value !== value))
        assert.ok(!matches(logAlarmPattern(value), line(other.value)), `${value} vs ${other.value}`);
      // An alarm value in the message, not the field, is not the line.
      assert.ok(!matches(logAlarmPattern(value), JSON.stringify({ level: "INFO", fields: { message: value } })));
    }
    // The checkout's Rust code logs each of them (shared/domain/src/checkout today).
    const sources = rustSources();
    for (const { value } of PAYMENT_LOG_ALARMS) assert.ok(sources.includes(`alarm = "${value}"`), `some function logs alarm = "${value}"`);
  });

  it("count payment_unknown and payment_without_order from the payment function's log and the reconciler's, payment_unresolved from the reconciler's", () => {
    const expected: Record<string, string[]> = {
      payment: ["payment_unknown", "payment_without_order"],
      [RECONCILER]: ["payment_unknown", "payment_unresolved", "payment_without_order"],
    };
    for (const [name, values] of Object.entries(expected)) {
      const counted = filtersOf(name)
        .map((f) => f.Properties.FilterPattern)
        .filter((p: string) => p.includes("$.fields.alarm"));
      assert.deepEqual(counted.sort(), values.map(logAlarmPattern).sort(), name);
      for (const value of values) {
        const line = PAYMENT_LOG_ALARMS.find((l) => l.value === value)!;
        assert.deepEqual(filterFor(name, value)!.Properties.MetricTransformations, [
          { MetricNamespace: namespace, MetricName: line.metricName, MetricValue: "1" },
        ]);
      }
    }
    // No other function's log is searched for them.
    const others = [...shop.functions.functions.keys()].filter((n) => !(n in expected));
    for (const name of others) assert.equal(filtersOf(name).filter((f) => f.Properties.FilterPattern.includes("$.fields.alarm")).length, 0, name);
  });

  it("page the alarm topic at one payment_unresolved or payment_without_order line in five minutes, once each in the whole shop", () => {
    const topic = alarmTopic();
    for (const metricName of ["PaymentUnresolved", "PaymentWithoutOrder"]) {
      // One alarm for it in every stack (none existed before: MailFailures counts messages, not alarm fields).
      const everywhere = (Object.keys(shop) as (keyof Shop)[]).flatMap((stack) => alarmsReading(metricName, stack));
      assert.equal(everywhere.length, 1, metricName);
      const [alarm] = alarmsReading(metricName);
      const a = alarm.Properties;
      assert.equal(a.Namespace, namespace);
      assert.equal(a.Statistic, "Sum");
      assert.equal(a.Period, 300);
      assert.equal(a.Threshold, 1);
      assert.equal(a.ComparisonOperator, "GreaterThanOrEqualToThreshold");
      assert.equal(a.TreatMissingData, "notBreaching");
      assert.deepEqual(a.AlarmActions, topic, metricName);
    }
    assert.match(alarmsReading("PaymentWithoutOrder")[0].Properties.AlarmDescription, /shopctl orders refund/);
  });

  it("draw payment_unknown without paging: the reconciler settles it, and pages only when it cannot", () => {
    assert.equal(alarmsReading("PaymentUnknown").length, 0);
    const body = JSON.stringify(Object.values(resources("AWS::CloudWatch::Dashboard"))[0].Properties.DashboardBody);
    for (const metric of ["PaymentUnknown", "PaymentUnresolved", "PaymentWithoutOrder", "FailedInvocations"]) assert.match(body, new RegExp(metric), metric);
  });
});
