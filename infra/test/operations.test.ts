// What an operator relies on after the first deploy: releases that roll
// back, stacks that survive a function's removal, mail failures that page,
// an API that cannot be called around CloudFront, and alarms by rate.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { type CfnElement, Stack } from "aws-cdk-lib";
import { Annotations, Match, Template } from "aws-cdk-lib/assertions";
import type * as lambda from "aws-cdk-lib/aws-lambda";
import { ACCESS } from "../lib/function-access.ts";
import { MAIL_FAILURE_MESSAGES, MAIL_FAILURE_PATTERN } from "../lib/functions-stack.ts";
import { MANAGED_RULE_GROUPS } from "../lib/firewall-stack.ts";
import { NO_SUBSCRIBER } from "../lib/operations-stack.ts";
import { UNVERIFIABLE_SENDER } from "../lib/email-stack.ts";
import type { Shop } from "../lib/shop.ts";
import { realRoutes, repoRoot, rustSources, synthShop, templatesOf, TEST_CONTEXT, type Json } from "./support.ts";

const routes = realRoutes();
const shop = synthShop(routes);
const template = templatesOf(shop);
const resources = (stack: keyof Shop, type: string): Record<string, Json> => template(stack).findResources(type);
const idOf = (construct: { node: { defaultChild?: unknown } }, stack: Stack) => stack.getLogicalId(construct.node.defaultChild as CfnElement);

/** Every metric an alarm reads: its own, or those of its metric math. */
function metricsOf(alarm: Json): Json[] {
  const p = alarm.Properties;
  if (p.MetricName) return [{ Namespace: p.Namespace, MetricName: p.MetricName, Dimensions: p.Dimensions ?? [], Stat: p.Statistic ?? p.ExtendedStatistic }];
  return (p.Metrics ?? []).filter((m: Json) => m.MetricStat).map((m: Json) => ({ ...m.MetricStat.Metric, Stat: m.MetricStat.Stat }));
}
const expressionOf = (alarm: Json): string => (alarm.Properties.Metrics ?? []).map((m: Json) => m.Expression ?? "").join(" ");
const alarmsOf = (stack: keyof Shop) => Object.entries(resources(stack, "AWS::CloudWatch::Alarm"));

describe("safe deploys", () => {
  const functionsStack = shop.functions;

  it("integrates each function's live alias, which points at a published version of it", () => {
    for (const [name, live] of functionsStack.live) {
      const alias = template("functions").toJSON().Resources[idOf(live.alias, functionsStack)];
      assert.equal(alias.Properties.Name, "live");
      assert.deepEqual(alias.Properties.FunctionName, { Ref: idOf(functionsStack.functions.get(name)!, functionsStack) });
      const versionId = alias.Properties.FunctionVersion["Fn::GetAtt"][0];
      assert.equal(template("functions").toJSON().Resources[versionId].Type, "AWS::Lambda::Version", name);
    }
  });

  it("moves each alias with CodeDeploy, canary by default, rolled back by the new version's errors and the function's 5xx", () => {
    const groups = resources("functions", "AWS::CodeDeploy::DeploymentGroup");
    assert.equal(Object.keys(groups).length, routes.length);
    const alarms = template("functions").toJSON().Resources;
    for (const [name, live] of functionsStack.live) {
      const alias = alarms[idOf(live.alias, functionsStack)];
      const groupId = alias.UpdatePolicy.CodeDeployLambdaAliasUpdate.DeploymentGroupName.Ref;
      const group = groups[groupId].Properties;
      assert.equal(group.DeploymentConfigName, "CodeDeployDefault.LambdaCanary10Percent5Minutes", name);
      assert.deepEqual(group.AutoRollbackConfiguration, {
        Enabled: true,
        Events: ["DEPLOYMENT_FAILURE", "DEPLOYMENT_STOP_ON_REQUEST", "DEPLOYMENT_STOP_ON_ALARM"],
      });
      assert.equal(group.AlarmConfiguration.Enabled, true);
      const watched = group.AlarmConfiguration.Alarms.map((a: Json) => alarms[a.Name.Ref]);
      assert.equal(watched.length, 2);
      // One of them watches the version being deployed, not the alias's blend of old and new.
      assert.ok(
        watched.some((a: Json) => metricsOf(a).some((m) => m.Dimensions.some((d: Json) => d.Name === "ExecutedVersion"))),
        name,
      );
      assert.ok(
        watched.some((a: Json) => metricsOf(a).some((m) => m.MetricName === `${name}-5xx`)),
        name,
      );
    }
  });

  it("names every function in an output the rollback script reads (not an export)", () => {
    const outputs = template("functions").toJSON().Outputs as Record<string, Json>;
    const names = Object.entries(outputs).filter(([key]) => key.endsWith("FunctionName"));
    assert.equal(names.length, routes.length);
    for (const [key, output] of names) {
      assert.equal(output.Export, undefined, key);
      assert.ok(output.Value.Ref, key);
    }
  });

  it("deploys linearly or all at once when told", () => {
    const linear = synthShop(routes, repoRoot, { ...TEST_CONTEXT, deployment: "linear" });
    const configs = Object.values(Template.fromStack(linear.functions).findResources("AWS::CodeDeploy::DeploymentGroup")).map(
      (g) => g.Properties.DeploymentConfigName,
    );
    assert.ok(configs.every((c) => c === "CodeDeployDefault.LambdaLinear10PercentEvery1Minute"));
    assert.throws(() => synthShop(routes, repoRoot, { ...TEST_CONTEXT, deployment: "yolo" }), /deployment must be/);
  });

  it("puts the site's files live only after the functions deployed", () => {
    assert.ok(shop.pages.dependencies.includes(shop.functions), "Pages waits for Functions");
    assert.ok(!shop.functions.dependencies.includes(shop.pages));
    assert.equal(Object.keys(resources("pages", "Custom::CDKBucketDeployment")).length, 4);
    assert.equal(Object.keys(resources("site", "Custom::CDKBucketDeployment")).length, 0);
    assert.equal(Object.keys(resources("functions", "Custom::CDKBucketDeployment")).length, 0);
  });
});

describe("cross-stack references", () => {
  const exportsOf = (s: Shop) =>
    Object.fromEntries(
      (Object.entries(s) as [keyof Shop, Stack][]).map(([key, stack]) => [
        key,
        Object.keys(Template.fromStack(stack).toJSON().Outputs ?? {}).filter((o) => o.startsWith("Exports")),
      ]),
    );
  const without = synthShop(routes.filter((r) => r.name !== "wishlist"));

  it("export nothing from the Functions stack, so no stack imports a per-function value", () => {
    assert.deepEqual(exportsOf(shop).functions, []);
    for (const [key, stack] of Object.entries(shop) as [keyof Shop, Stack][]) {
      assert.doesNotMatch(JSON.stringify(Template.fromStack(stack).toJSON()), /Fn::ImportValue[^}]*CoutureStagingFunctions/, key);
    }
  });

  it("synthesize with a function removed, every other stack's exports and the Operations stack unchanged", () => {
    assert.ok(!without.functions.functions.has("wishlist"));
    assert.deepEqual(exportsOf(without), exportsOf(shop));
    assert.deepEqual(Template.fromStack(without.operations).toJSON(), template("operations").toJSON());
  });
});

describe("mail failures", () => {
  it("match the lines the Rust functions log when a mail is not sent, as tracing's JSON writes them", () => {
    const sources = rustSources();
    for (const message of MAIL_FAILURE_MESSAGES) {
      const literal = message.replace(/\*$/, "");
      assert.ok(sources.includes(`"${literal}`), `a function logs "${literal}"`);
    }
    // tracing-subscriber's json() nests the message under fields unless told to flatten.
    const lambdaLogs = readFileSync(join(repoRoot, "shared/http/src/lambda.rs"), "utf8");
    assert.match(lambdaLogs, /\.json\(\)/);
    assert.doesNotMatch(lambdaLogs, /flatten_event\(true\)/);
  });

  it("are counted from every mailing function's log, and only those", () => {
    const filters = Object.values(resources("functions", "AWS::Logs::MetricFilter")).filter((f) => f.Properties.FilterPattern === MAIL_FAILURE_PATTERN);
    const mailing = Object.keys(ACCESS).filter((n) => ACCESS[n].mail);
    assert.equal(filters.length, mailing.length);
    const groups = filters.map((f) => f.Properties.LogGroupName.Ref);
    for (const name of mailing) {
      const fn = shop.functions.functions.get(name)! as lambda.Function;
      const groupId = template("functions").toJSON().Resources[idOf(fn, shop.functions)].Properties.LoggingConfig.LogGroup.Ref;
      assert.ok(groups.includes(groupId), name);
    }
    for (const f of filters)
      assert.deepEqual(f.Properties.MetricTransformations[0], { MetricNamespace: "Couture/staging", MetricName: "MailFailures", MetricValue: "1" });
  });

  it("page, as do SES bounce and complaint rates and rejects of the stage's configuration set", () => {
    const alarms = alarmsOf("operations").map(([, a]) => a);
    const reading = (metric: string) => alarms.filter((a) => metricsOf(a).some((m) => m.MetricName === metric));
    assert.equal(reading("MailFailures").length, 1);
    for (const metric of ["Bounce", "Complaint"]) {
      const [alarm] = reading(metric);
      assert.ok(
        metricsOf(alarm).some((m) => m.MetricName === "Send"),
        `${metric} is a rate of the sends`,
      );
      assert.deepEqual(metricsOf(alarm)[0].Dimensions, [{ Name: "ses:configuration-set", Value: "couture-staging" }]);
    }
    assert.equal(reading("Reject").length, 1);
    const destination = Object.values(resources("email", "AWS::SES::ConfigurationSetEventDestination"))[0];
    assert.ok(destination.Properties.EventDestination.MatchingEventTypes.includes("send"));
  });

  it("never come from an identity no one can verify: a reserved sender domain gets none, and is flagged", () => {
    assert.equal(Object.keys(resources("email", "AWS::SES::EmailIdentity")).length, 1);
    assert.equal(Annotations.fromStack(shop.email).findWarning("*", Match.stringLikeRegexp(UNVERIFIABLE_SENDER)).length, 0);
    const reserved = synthShop(routes, repoRoot, { ...TEST_CONTEXT, senderEmail: "orders@mail.couture.example" });
    Annotations.fromStack(reserved.email).hasWarning("*", Match.stringLikeRegexp("couture.example is a reserved domain"));
    Template.fromStack(reserved.email).resourceCountIs("AWS::SES::EmailIdentity", 0);
  });
});

describe("edge", () => {
  const distribution = () =>
    Object.values(resources("site", "AWS::CloudFront::Distribution")).find((d: Json) => d.Properties.DistributionConfig.Comment === "Couture storefront")!
      .Properties.DistributionConfig;

  it("sends the API the very secret every function requires (the execute-api URL alone is refused)", () => {
    const api = distribution().CacheBehaviors.find((b: Json) => b.PathPattern === "/api/*");
    const origin = distribution().Origins.find((o: Json) => o.Id === api.TargetOriginId);
    const header = JSON.stringify(origin.OriginCustomHeaders.find((h: Json) => h.HeaderName === "X-Origin-Verify").HeaderValue);
    const imported = (text: string) => /"Fn::ImportValue":"([^"]+)"/.exec(text)?.[1];
    const secret = imported(header);
    assert.match(secret ?? "", /OriginVerify/);
    for (const name of shop.functions.live.keys()) {
      const fn = shop.functions.functions.get(name)!;
      const env = template("functions").toJSON().Resources[idOf(fn, shop.functions)].Properties.Environment.Variables;
      assert.equal(imported(JSON.stringify(env.ORIGIN_SECRET_ARN)), secret, name);
    }
  });

  it("has no web ACL on staging unless asked (prod has one by default: stages.test.ts)", () => {
    assert.equal(shop.firewall, undefined);
    assert.equal(distribution().WebACLId, undefined);
  });

  it("puts AWS WAF (managed rules and a per-address rate limit) in us-east-1 on the distribution with -c waf=true", () => {
    const guarded = synthShop(routes, repoRoot, { ...TEST_CONTEXT, waf: "true", wafRateLimit: "500" });
    assert.equal(guarded.firewall!.region, "us-east-1");
    assert.equal(guarded.site.region, "eu-west-1");
    const acl = Object.values(Template.fromStack(guarded.firewall!).findResources("AWS::WAFv2::WebACL"))[0].Properties;
    assert.equal(acl.Scope, "CLOUDFRONT");
    const managed = acl.Rules.filter((r: Json) => r.Statement.ManagedRuleGroupStatement).map((r: Json) => r.Statement.ManagedRuleGroupStatement);
    assert.deepEqual(managed.map((m: Json) => m.Name).sort(), [...MANAGED_RULE_GROUPS].sort());
    assert.ok(managed.every((m: Json) => m.VendorName === "AWS"));
    for (const group of ["AWSManagedRulesCommonRuleSet", "AWSManagedRulesKnownBadInputsRuleSet", "AWSManagedRulesAmazonIpReputationList"])
      assert.ok(
        managed.some((m: Json) => m.Name === group),
        group,
      );
    const rate = acl.Rules.find((r: Json) => r.Statement.RateBasedStatement);
    assert.deepEqual(rate.Statement.RateBasedStatement, { Limit: 500, AggregateKeyType: "IP" });
    assert.deepEqual(rate.Action, { Block: {} });
    const config = Object.values(Template.fromStack(guarded.site).findResources("AWS::CloudFront::Distribution")).find(
      (d: Json) => d.Properties.DistributionConfig.Comment === "Couture storefront",
    )!.Properties.DistributionConfig;
    const reference = JSON.stringify(config.WebACLId);
    assert.match(reference, /Fn::GetStackOutput/);
    assert.match(reference, /CoutureStagingFirewall/);
    assert.match(reference, /us-east-1/);
    assert.ok(guarded.site.dependencies.includes(guarded.firewall!));
  });

  it("alarms on CloudFront's 5xx rate from us-east-1 whatever the shop's region, to a subscribed topic there", () => {
    assert.equal(shop.site.region, "eu-west-1");
    assert.equal(shop.edgeAlarms.region, "us-east-1");
    const [[, alarm]] = alarmsOf("edgeAlarms");
    const metric = metricsOf(alarm).find((m) => m.MetricName === "5xxErrorRate")!;
    assert.equal(metric.Namespace, "AWS/CloudFront");
    const text = JSON.stringify(metric.Dimensions);
    assert.match(text, /Fn::GetStackOutput/);
    assert.doesNotMatch(text, /ImportValue/);
    assert.ok(
      metricsOf(alarm).some((m) => m.MetricName === "Requests"),
      "no rate over a handful of requests",
    );
    assert.equal(alarm.Properties.AlarmActions.length, 1);
    template("edgeAlarms").hasResourceProperties("AWS::SNS::Subscription", { Protocol: "email", Endpoint: "ops@couture.example" });
  });
});

describe("alarms", () => {
  const liveAlarmIds = new Set([...shop.functions.live.values()].flatMap((live) => live.alarms.map((a) => idOf(a, shop.functions))));
  const functionAlarms = alarmsOf("functions")
    .filter(([id]) => liveAlarmIds.has(id))
    .map(([, a]) => a);

  it("page on each API function's error, 5xx and throttle rates and p99 latency, never on raw counts", () => {
    const paging = functionAlarms.filter((a) => a.Properties.AlarmActions);
    assert.equal(paging.length, 4 * routes.length);
    // The others of the stack: the reconciler's and the payments' (reconciler.test.ts), which page on a single event.
    const others = alarmsOf("functions").filter(([id, a]) => a.Properties.AlarmActions && !liveAlarmIds.has(id));
    const expected = [...shop.functions.reconciler.alarms, ...shop.functions.paymentAlarms.alarms].map((a) => idOf(a, shop.functions));
    assert.deepEqual(others.map(([id]) => id).sort(), expected.sort());
    for (const alarm of paging) {
      const metrics = metricsOf(alarm);
      const p99 = metrics.length === 1 && metrics[0].Stat === "p99";
      // A rate: metric math dividing by the traffic, 0 below a floor of it.
      assert.ok(p99 || /100 \* \w+ \/ /.test(expressionOf(alarm)), alarm.Properties.AlarmDescription);
      if (!p99) assert.match(expressionOf(alarm), /IF\(/);
      assert.equal(alarm.Properties.AlarmActions.length, 1);
    }
    const descriptions = paging.map((a) => a.Properties.AlarmDescription as string);
    for (const name of shop.functions.live.keys()) {
      for (const what of ["invocations failed", "responses are 5xx", "invocations throttled", "p99 duration"]) {
        assert.ok(
          descriptions.some((d) => d.startsWith(`${name}: `) && d.includes(what)),
          `${name}: ${what}`,
        );
      }
    }
    const p99 = paging.filter((a) => a.Properties.ExtendedStatistic === "p99");
    assert.ok(p99.every((a) => a.Properties.Threshold === 3000 && a.Properties.EvaluationPeriods === 3));
  });

  it("count each function's requests and 5xx from the API access log, by its own routes", () => {
    const filters = Object.values(resources("functions", "AWS::Logs::MetricFilter")).map((f) => f.Properties);
    const serverErrors = filters.find((f) => f.MetricTransformations[0].MetricName === "cart-5xx")!;
    assert.equal(serverErrors.FilterPattern, '{ ($.routeKey = "ANY /api/cart" || $.routeKey = "ANY /api/cart/*") && $.status = "5*" }');
    assert.match(JSON.stringify(serverErrors.LogGroupName), /ImportValue.*CoutureStagingApi/);
    const catalog = filters.find((f) => f.MetricTransformations[0].MetricName === "catalog-requests")!;
    for (const prefix of routes.find((r) => r.name === "catalog")!.prefixes) assert.ok(catalog.FilterPattern.includes(`"ANY ${prefix}/*"`), prefix);
    assert.ok(catalog.FilterPattern.length <= 1024, "CloudWatch Logs limit");
  });

  it("page on the API's 5xx and 429 rates", () => {
    const alarms = alarmsOf("operations").map(([, a]) => a);
    const on = (metric: string) => alarms.find((a) => metricsOf(a).some((m) => m.MetricName === metric))!;
    for (const metric of ["5xx", "api-429"]) {
      const alarm = on(metric);
      assert.ok(
        metricsOf(alarm).some((m) => m.MetricName === "Count"),
        `${metric} over the API's requests`,
      );
      assert.match(expressionOf(alarm), /100 \* /);
    }
    template("operations").hasResourceProperties("AWS::Logs::MetricFilter", { FilterPattern: '{ $.status = "429" }' });
  });

  it("page on throttling of the table and of its index", () => {
    const alarms = alarmsOf("operations").map(([, a]) => a);
    const throttles = alarms.filter((a) => metricsOf(a).some((m) => m.MetricName === "ReadThrottleEvents"));
    assert.equal(throttles.length, 2);
    const index = throttles.filter((a) =>
      metricsOf(a).every((m) => m.Dimensions.some((d: Json) => d.Name === "GlobalSecondaryIndexName" && d.Value === "gsi1")),
    );
    assert.equal(index.length, 1);
  });

  it("page when Lambda concurrency nears the account limit (80% of 1000 unless told)", () => {
    const threshold = (s: Shop) =>
      Object.values(Template.fromStack(s.operations).findResources("AWS::CloudWatch::Alarm")).find((a) => a.Properties.MetricName === "ConcurrentExecutions")!
        .Properties;
    assert.equal(threshold(shop).Threshold, 800);
    assert.equal(threshold(shop).Statistic, "Maximum");
    assert.equal(threshold(synthShop(routes, repoRoot, { ...TEST_CONTEXT, accountConcurrency: "3000" })).Threshold, 2400);
  });

  it("reach the topic, which has the alarmEmail subscriber, or the synth warns that no one is told", () => {
    for (const [, alarm] of alarmsOf("operations")) assert.equal(alarm.Properties.AlarmActions.length, 1);
    template("operations").hasResourceProperties("AWS::SNS::Subscription", { Protocol: "email", Endpoint: "ops@couture.example" });
    assert.equal(Annotations.fromStack(shop.operations).findWarning("*", Match.stringLikeRegexp("alarmEmail")).length, 0);
    const { alarmEmail: _, ...context } = TEST_CONTEXT;
    const silent = synthShop(routes, repoRoot, context);
    assert.equal(Object.keys(Template.fromStack(silent.operations).findResources("AWS::SNS::Subscription")).length, 0);
    for (const stack of [silent.operations, silent.edgeAlarms]) {
      Annotations.fromStack(stack).hasWarning("*", Match.stringLikeRegexp(`No alarmEmail is set.*\\[ack: ${NO_SUBSCRIBER}\\]`));
    }
  });

  it("publish to topics that refuse plain HTTP and say CloudWatch may publish, since their policy replaces SNS's default one", () => {
    for (const stack of ["operations", "edgeAlarms"] as const) {
      const policies = Object.values(resources(stack, "AWS::SNS::TopicPolicy"));
      assert.equal(policies.length, 1, stack);
      const statements: Json[] = policies[0].Properties.PolicyDocument.Statement;
      const deny = statements.find((s) => s.Effect === "Deny")!;
      assert.deepEqual([deny.Principal, deny.Action, deny.Condition], ["*", "sns:Publish", { Bool: { "aws:SecureTransport": "false" } }], stack);
      const alarms = statements.find((s) => s.Principal?.Service === "cloudwatch.amazonaws.com")!;
      assert.equal(alarms.Effect, "Allow", stack);
      assert.deepEqual(alarms.Condition.StringEquals, { "aws:SourceAccount": { Ref: "AWS::AccountId" } }, stack);
      assert.match(JSON.stringify(alarms.Condition.ArnLike["aws:SourceArn"]), /:cloudwatch:.*:alarm:\*/, stack);
    }
  });
});
