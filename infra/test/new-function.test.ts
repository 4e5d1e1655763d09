// A new entry in shared/routes.json (the payment function of a later issue)
// is deployed, routed and granted with no change to the infra code.
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { type CfnElement, Stack } from "aws-cdk-lib";
import { Annotations, Match } from "aws-cdk-lib/assertions";
import type * as lambda from "aws-cdk-lib/aws-lambda";
import { deployedFunctions, functionCrates } from "../lib/routes.ts";
import { realRoutes, synthShop, templatesOf } from "./support.ts";

describe("a function added to the routing table", () => {
  const routes = [
    ...realRoutes().filter((r) => r.name !== "payment"),
    { name: "payment", prefixes: ["/api/payment"] },
    { name: "gift-cards", prefixes: ["/api/gift-cards"] },
  ];
  const repo = mkdtempSync(join(tmpdir(), "couture-repo-"));
  // Its crate beside the others', the background functions' (the reconciler) included.
  for (const name of deployedFunctions(routes)) {
    mkdirSync(join(repo, "functions", name), { recursive: true });
    writeFileSync(join(repo, "functions", name, "Cargo.toml"), `[package]\nname = "${name}"\n`);
  }
  const shop = synthShop(routes, repo);
  const functions = templatesOf(shop)("functions");
  const idOf = (name: string) => {
    const fn = shop.functions.functions.get(name) as lambda.Function;
    return Stack.of(fn).getLogicalId(fn.node.defaultChild as lambda.CfnFunction);
  };
  const statements = (name: string) => {
    const fn = shop.functions.functions.get(name)!;
    const roleId = Stack.of(fn).getLogicalId(fn.role!.node.defaultChild as CfnElement);
    return Object.values(functions.findResources("AWS::IAM::Policy"))
      .filter((p) => p.Properties.Roles.some((r: { Ref: string }) => r.Ref === roleId))
      .flatMap((p) => p.Properties.PolicyDocument.Statement);
  };

  it("is found as a crate and gets its function and routes", () => {
    assert.ok(functionCrates(repo).includes("payment"));
    for (const key of ["ANY /api/payment", "ANY /api/payment/{proxy+}"]) {
      const route = Object.values(functions.findResources("AWS::ApiGatewayV2::Route", { Properties: { RouteKey: key } }));
      assert.equal(route.length, 1, key);
      const integrationId = route[0].Properties.Target["Fn::Join"][1][1].Ref;
      const alias = functions.toJSON().Resources[functions.toJSON().Resources[integrationId].Properties.IntegrationUri.Ref];
      assert.equal(alias.Type, "AWS::Lambda::Alias");
      assert.deepEqual(alias.Properties.FunctionName, { Ref: idOf("payment") });
    }
  });

  it("gives the payment function its known grants: mail, invoices, payment and PayPal secrets", () => {
    const text = JSON.stringify(statements("payment"));
    assert.match(text, /ses:SendEmail/);
    assert.match(text, /"s3:PutObject"/);
    assert.match(text, /invoices\/\*/);
    // Its two provider secrets, the session key, and the origin secret every function checks requests with.
    assert.equal(statements("payment").filter((s) => JSON.stringify(s.Action).includes("secretsmanager:GetSecretValue")).length, 4);
    const env = functions.toJSON().Resources[idOf("payment")].Properties.Environment.Variables;
    assert.ok(env.PAYMENT_PROVIDER_SECRET_ARN && env.PAYPAL_SECRET_ARN);
  });

  it("gives an unknown function the origin secret and nothing more, not even the table, and says so", () => {
    const granted = statements("gift-cards");
    assert.equal(functions.toJSON().Resources[idOf("gift-cards")].Properties.Environment.Variables.SESSION_KEY_SECRET_ARN, undefined);
    const others = granted.filter((s) => !/OriginVerify/.test(JSON.stringify(s.Resource)));
    // Its code could only use the table through grants listed in shared/function-access.json.
    assert.doesNotMatch(JSON.stringify(others), /dynamodb:|ses:|s3:|secretsmanager:/);
    assert.equal(granted.length - others.length, 1, "one statement: read the origin secret");
    const warnings = Annotations.fromStack(shop.functions).findWarning("*", Match.stringLikeRegexp("gift-cards has no table grant"));
    assert.equal(warnings.length, 1);
    assert.equal(Annotations.fromStack(shop.functions).findWarning("*", Match.stringLikeRegexp("payment has no table grant")).length, 0);
  });
});
