// The field's rule pack on the shop: cdk-nag's AwsSolutions checks on every
// stack of both stages, synthesized as `make infra-test` synthesizes them
// (and prod as a deploy with its own domain would be). A finding is either
// fixed or acknowledged beside its resource with a reason (lib/nag.ts); any
// other error or warning fails here, printed with its rule, resource and
// message.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { App, Stack, Validations } from "aws-cdk-lib";
import * as iam from "aws-cdk-lib/aws-iam";
import * as s3 from "aws-cdk-lib/aws-s3";
import * as sns from "aws-cdk-lib/aws-sns";
import { AwsSolutionsChecks } from "cdk-nag";
import type { IConstruct } from "constructs";
import { acknowledgeWildcard, flatten } from "../lib/nag.ts";
import { realRoutes, repoRoot, synthShop, TEST_CONTEXT } from "./support.ts";

/** What infra.mk's synth passes (no account: stacks for whichever account deploys them). */
const MAKE_SYNTH = { senderEmail: "no-reply@mail.couture.test", allowMissingAssets: "true" };

const STAGES: Record<string, Record<string, string>> = {
  "staging, as make infra-test synthesizes it": { ...MAKE_SYNTH, stage: "staging", senderIdentity: "create" },
  "prod, as make infra-test synthesizes it": { ...MAKE_SYNTH, stage: "prod", senderIdentity: "existing" },
  "prod, deployed with its domain, account and alarm mail": {
    ...TEST_CONTEXT,
    stage: "prod",
    senderIdentity: "existing",
    domainName: "shop.couture.example",
    certificateArn: "arn:aws:acm:us-east-1:123456789012:certificate/00000000-0000-0000-0000-000000000000",
  },
};

interface Finding {
  readonly severity: string;
  readonly rule: string;
  readonly path: string;
  readonly message: string;
}

/** The app of one stage, synthesized (its references resolved), and what the rule pack finds in it. */
function nag(context: Record<string, string>): { app: App; findings: Finding[] } {
  const shop = synthShop(realRoutes(), repoRoot, context);
  const app = shop.data.node.root as App;
  app.synth();
  return { app, findings: findingsOf(app) };
}

function findingsOf(scope: IConstruct): Finding[] {
  const report = new AwsSolutionsChecks(scope, { verbose: true }).validateScope(scope);
  return report.violations.flatMap((v) =>
    v.violatingResources.map((r) => ({ severity: v.severity ?? "error", rule: v.ruleName, path: r.constructPath ?? "?", message: v.description })),
  );
}

const print = (findings: readonly Finding[]) => findings.map((f) => `  ${f.severity} ${f.rule} at ${f.path}\n    ${f.message}`).join("\n");

/** Every acknowledgment below a scope: where it sits, the rule and its reason. */
function acknowledgments(scope: IConstruct): { path: string; id: string; reason: string }[] {
  return scope.node
    .findAll()
    .flatMap((c) =>
      c.node.metadata
        .filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
        .flatMap((m) => Object.entries(m.data as Record<string, string>).map(([id, reason]) => ({ path: c.node.path, id, reason }))),
    );
}

describe("cdk-nag AwsSolutions", () => {
  for (const [name, context] of Object.entries(STAGES)) {
    describe(name, () => {
      const { app, findings } = nag(context);

      it("leaves no error or warning unexplained", () => {
        assert.equal(
          findings.length,
          0,
          `${findings.length} findings of cdk-nag AwsSolutions: fix each or acknowledge it beside its resource (lib/nag.ts) with the reason\n${print(findings)}`,
        );
      });

      it("acknowledges on resources, each with a reason of its own, never for a whole stack or the app", () => {
        const nagged = acknowledgments(app).filter((a) => /AwsSolutions-/.test(a.id));
        assert.ok(nagged.length > 0);
        for (const { path, id, reason } of nagged) {
          const at = app.node.findAll().find((c) => c.node.path === path)!;
          assert.ok(!(at instanceof App) && !Stack.isStack(at), `${id} acknowledged for all of ${path}`);
          assert.ok(reason.length >= 60, `${id} at ${path}: '${reason}' is no reason`);
        }
      });
    });
  }

  describe("the check itself", () => {
    it("reports what it should, so a clean shop means something", () => {
      const app = new App();
      const stack = new Stack(app, "Careless");
      new s3.Bucket(stack, "Open");
      new sns.Topic(stack, "Plain");
      const rules = new Set(findingsOf(app).map((f) => f.rule));
      for (const rule of ["AwsSolutions-S1", "AwsSolutions-S10", "AwsSolutions-SNS3"]) assert.ok(rules.has(rule), `${rule} in ${[...rules]}`);
    });

    it("names a wildcard as the rule pack does, so an acknowledgment meets its finding", () => {
      assert.equal(flatten("*"), "*");
      assert.equal(
        flatten({ "Fn::Join": ["", [{ "Fn::ImportValue": "CoutureStagingBlobs:ExportsOutputFnGetAttBlobsArn" }, "/invoices/*"]] }),
        "CoutureStagingBlobs:ExportsOutputFnGetAttBlobsArn/invoices/*",
      );
      assert.equal(
        flatten({ "Fn::Join": ["", ["arn:", { Ref: "AWS::Partition" }, ":ses:eu-west-1:123456789012:identity/*"]] }),
        "arn:<AWS::Partition>:ses:eu-west-1:123456789012:identity/*",
      );
      assert.equal(flatten({ "Fn::GetAtt": ["Logs", "Arn"] }), "<Logs.Arn>");
      assert.equal(flatten({ "Fn::Sub": "cdk-${AWS::AccountId}" }), "cdk-<AWS::AccountId>");
    });

    it("acknowledges the one wildcard it is told of, once references to other stacks are resolved", () => {
      const app = new App();
      const data = new Stack(app, "Data");
      const bucket = new s3.Bucket(data, "Bucket", { enforceSSL: true });
      const fns = new Stack(app, "Functions");
      const role = new iam.Role(fns, "Role", { assumedBy: new iam.ServicePrincipal("lambda.amazonaws.com") });
      bucket.grantRead(role);
      acknowledgeWildcard(role, "Resource", bucket.arnForObjects("*"), "the objects it reads, for this test of the acknowledgment");
      app.synth();
      const rules = findingsOf(app)
        .filter((f) => f.path.startsWith("Functions/"))
        .map((f) => f.rule);
      assert.ok(rules.includes("AwsSolutions-IAM5[Action::s3:GetObject*]"), rules.join(" "));
      assert.ok(!rules.some((r) => r.startsWith("AwsSolutions-IAM5[Resource::")), rules.join(" "));
    });
  });
});
