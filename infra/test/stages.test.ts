// Stages side by side in one account, their mail, tags, budgets and the
// stacks that refuse deletion.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { App, Stack } from "aws-cdk-lib";
import { Template } from "aws-cdk-lib/assertions";
import { join } from "node:path";
import { readConfig } from "../lib/config.ts";
import { loadRewrites } from "../lib/edge-functions.ts";
import { buildShop, SHOP_CONTEXT, type Shop } from "../lib/shop.ts";
import { fixtures, realRoutes, repoRoot, synthShop, TEST_CONTEXT, type Json } from "./support.ts";

const routes = realRoutes();

/** One stage's shop, as `cdk deploy -c stage=…` would build it. */
const shopOf = (stage: string, extra: Record<string, string> = {}) => {
  const app = new App({ context: { ...SHOP_CONTEXT, ...TEST_CONTEXT, stage, ...extra, "aws:cdk:bundling-stacks": [] } });
  return buildShop(app, {
    config: readConfig(app.node, {}),
    repoRoot,
    routes,
    rewrites: loadRewrites(join(fixtures, "rewrites.json"))!,
    siteOut: join(fixtures, "site-out"),
    sdkWeb: join(fixtures, "sdk-web"),
  });
};

/** Both stages in one app, as `cdk deploy -c stage=…` twice in one account would give. */
function bothStages(): { staging: Shop; prod: Shop } {
  // prod sends from the identity staging created.
  return { staging: shopOf("staging"), prod: shopOf("prod", { senderIdentity: "existing" }) };
}

const webAclOf = (shop: Shop) =>
  (
    Object.values(Template.fromStack(shop.site).findResources("AWS::CloudFront::Distribution")).find(
      (d: Json) => d.Properties.DistributionConfig.Comment === "Couture storefront",
    ) as Json
  ).Properties.DistributionConfig.WebACLId;

const stacksOf = (shop: Shop) => Object.values(shop) as Stack[];

describe("stages", () => {
  const { staging, prod } = bothStages();

  it("name every stack after the stage, so two stages never share a stack", () => {
    const names = (shop: Shop) => stacksOf(shop).map((s) => s.stackName);
    const order = ["Data", "Blobs", "Email", "Secrets", "Api", "Site", "Operations", "Functions", "Pages", "EdgeAlarms"];
    assert.deepEqual(
      names(staging),
      order.map((s) => `CoutureStaging${s}`),
    );
    // prod has its firewall (WAF is on there by default), before the distribution.
    const prodOrder = [...order.slice(0, 5), "Firewall", ...order.slice(5)];
    assert.deepEqual(
      names(prod),
      prodOrder.map((s) => `CoutureProd${s}`),
    );
    assert.equal(new Set([...names(staging), ...names(prod)]).size, order.length + prodOrder.length);
  });

  it("put AWS WAF in front of prod by default, and leave staging without unless asked", () => {
    assert.ok(prod.firewall, "prod has a web ACL");
    assert.equal(prod.firewall!.region, "us-east-1");
    const acl = Object.values(Template.fromStack(prod.firewall!).findResources("AWS::WAFv2::WebACL"))[0] as Json;
    assert.equal(acl.Properties.Name, "couture-prod");
    assert.equal(acl.Properties.Scope, "CLOUDFRONT");
    const reference = JSON.stringify(webAclOf(prod));
    assert.match(reference, /Fn::GetStackOutput/);
    assert.match(reference, /CoutureProdFirewall/);
    assert.equal(staging.firewall, undefined);
    assert.equal(webAclOf(staging), undefined);
  });

  it("take prod's WAF out with -c waf=false, and put staging's in with -c waf=true", () => {
    const bare = shopOf("prod", { senderIdentity: "existing", waf: "false" });
    assert.equal(bare.firewall, undefined);
    assert.equal(webAclOf(bare), undefined);
    const guarded = shopOf("staging", { waf: "true" });
    assert.ok(guarded.firewall);
    assert.match(JSON.stringify(webAclOf(guarded)), /CoutureStagingFirewall/);
  });

  it("give each stage its own SES configuration set, which the functions send through", () => {
    for (const [shop, name] of [
      [staging, "couture-staging"],
      [prod, "couture-prod"],
    ] as const) {
      const email = Template.fromStack(shop.email);
      email.hasResourceProperties("AWS::SES::ConfigurationSet", {
        Name: name,
        SuppressionOptions: { SuppressedReasons: ["BOUNCE", "COMPLAINT"] },
      });
      const destination = Object.values(email.findResources("AWS::SES::ConfigurationSetEventDestination"))[0] as Json;
      const events: string[] = destination.Properties.EventDestination.MatchingEventTypes;
      for (const e of ["bounce", "complaint", "reject"]) assert.ok(events.includes(e), e);
      const fns = Template.fromStack(shop.functions).findResources("AWS::Lambda::Function");
      for (const fn of Object.values(fns) as Json[]) assert.equal(fn.Properties.Environment.Variables.SES_CONFIGURATION_SET, name);
    }
  });

  it("create the sender identity once: a stage told it exists only sends from it", () => {
    assert.equal(Object.keys(Template.fromStack(staging.email).findResources("AWS::SES::EmailIdentity")).length, 1);
    assert.equal(Object.keys(Template.fromStack(prod.email).findResources("AWS::SES::EmailIdentity")).length, 0);
  });

  it("grant sends on every identity (SES checks the sandbox recipients too) and the stage set only, from the sender", () => {
    const policies = Template.fromStack(prod.functions).findResources("AWS::IAM::Policy");
    const mail = Object.values(policies)
      .flatMap((p: Json) => p.Properties.PolicyDocument.Statement)
      .filter((s: Json) => [s.Action].flat().includes("ses:SendEmail"));
    assert.ok(mail.length > 0);
    for (const statement of mail) {
      const resources = JSON.stringify(statement.Resource);
      assert.match(resources, /:identity\/\*/);
      assert.match(resources, /:configuration-set\/couture-prod"/);
      assert.doesNotMatch(resources, /couture-staging/);
      assert.deepEqual(statement.Condition, { StringEquals: { "ses:FromAddress": "orders@mail.maison-lan-anh.com" } });
    }
  });

  it("tag every stack with the application and its stage", () => {
    for (const [shop, stage] of [
      [staging, "staging"],
      [prod, "prod"],
    ] as const) {
      for (const stack of stacksOf(shop)) {
        assert.deepEqual(stack.tags.tagValues(), { Application: "couture", Stage: stage }, stack.stackName);
      }
      // Tags reach the resources themselves (the table, for one).
      const table = Object.values(Template.fromStack(shop.data).findResources("AWS::DynamoDB::GlobalTable", {})).concat(
        Object.values(Template.fromStack(shop.data).findResources("AWS::DynamoDB::Table")),
      )[0] as Json;
      assert.ok(JSON.stringify(table.Properties).includes(`"Value":"${stage}"`), "the table carries the Stage tag");
    }
  });

  it("protect the stacks that hold data from deletion, and only those", () => {
    const shop = staging;
    const protectedStacks = stacksOf(shop)
      .filter((s) => s.terminationProtection)
      .map((s) => s.stackName);
    assert.deepEqual(protectedStacks, ["CoutureStagingData", "CoutureStagingBlobs", "CoutureStagingSecrets"]);
  });

  it("budget each stage by its Stage tag and tell the alarm topic at 80% spent and 100% forecast", () => {
    const ops = Template.fromStack(prod.operations);
    const budget = Object.values(ops.findResources("AWS::Budgets::Budget"))[0] as Json;
    assert.equal(budget.Properties.Budget.BudgetName, "couture-prod-monthly");
    assert.deepEqual(budget.Properties.Budget.BudgetLimit, { Amount: 100, Unit: "USD" });
    assert.deepEqual(budget.Properties.Budget.CostFilters, { TagKeyValue: ["user:Stage$prod"] });
    const alerts = budget.Properties.NotificationsWithSubscribers.map((n: Json) => [n.Notification.NotificationType, n.Notification.Threshold]);
    assert.deepEqual(alerts, [
      ["ACTUAL", 80],
      ["FORECASTED", 100],
    ]);
    const policy = Object.values(ops.findResources("AWS::SNS::TopicPolicy"))[0] as Json;
    assert.match(JSON.stringify(policy.Properties.PolicyDocument), /budgets\.amazonaws\.com/);
  });

  it("leave the budget out when it is set to 0", () => {
    const shop = synthShop(routes, repoRoot, { ...TEST_CONTEXT, monthlyBudgetUsd: "0" });
    assert.equal(Object.keys(Template.fromStack(shop.operations).findResources("AWS::Budgets::Budget")).length, 0);
  });
});
