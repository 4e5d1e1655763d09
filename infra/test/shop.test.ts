// Assertion tests of the synthesized shop (one synth, bundling skipped).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type CfnElement, App, Stack } from "aws-cdk-lib";
import { Match, Template } from "aws-cdk-lib/assertions";
import type * as lambda from "aws-cdk-lib/aws-lambda";
import { ACCESS } from "../lib/function-access.ts";
import { CREATED_WITH, SECRET_SHAPES, SecretsStack } from "../lib/secrets-stack.ts";
import { BACKGROUND_FUNCTIONS, deployedFunctions, functionCrates, RECONCILER, routeKeys } from "../lib/routes.ts";
import { IMMUTABLE_CACHE, PAGE_CACHE } from "../lib/pages-stack.ts";
import { SECURITY_HEADERS } from "../lib/site-stack.ts";
import { realRoutes, repoRoot, synthShop, TEST_CONTEXT, templatesOf, type Json } from "./support.ts";

const routes = realRoutes();
const deployed = deployedFunctions(routes);
const shop = synthShop(routes);
const template = templatesOf(shop);

const resourcesOf = (stack: Parameters<typeof template>[0], type: string): Record<string, Json> => template(stack).findResources(type);
const logicalId = (fn: lambda.Function) => Stack.of(fn).getLogicalId(fn.node.defaultChild as lambda.CfnFunction);
/** The logical ID of a function's `live` alias, which the API integrates. */
const aliasId = (name: string) => {
  const alias = shop.functions.live.get(name)!.alias;
  return Stack.of(alias).getLogicalId(alias.node.defaultChild as lambda.CfnAlias);
};
const asArray = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

/** Every IAM statement attached to a function's role. */
function statementsOf(name: string): Json[] {
  const fn = shop.functions.functions.get(name)!;
  const roleId = Stack.of(fn).getLogicalId(fn.role!.node.defaultChild as CfnElement);
  return Object.values(resourcesOf("functions", "AWS::IAM::Policy"))
    .filter((policy) => policy.Properties.Roles.some((r: Json) => r.Ref === roleId))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement);
}
const actionsOf = (name: string, prefix: string) =>
  statementsOf(name)
    .flatMap((s) => asArray<string>(s.Action))
    .filter((a) => a.startsWith(prefix));

describe("routing table", () => {
  it("lists every functions/* crate, the background ones too, and only those", () => {
    assert.deepEqual([...deployed].sort(), functionCrates(repoRoot));
    assert.ok(!routes.some((r) => BACKGROUND_FUNCTIONS.includes(r.name)), "a background function serves no route");
  });

  it("routes every prefix, and everything below it, to its own function", () => {
    const integrations = resourcesOf("functions", "AWS::ApiGatewayV2::Integration");
    const byKey = new Map<string, string>();
    for (const route of Object.values(resourcesOf("functions", "AWS::ApiGatewayV2::Route"))) {
      const integrationId = route.Properties.Target["Fn::Join"][1][1].Ref as string;
      const uri = integrations[integrationId].Properties.IntegrationUri;
      byKey.set(route.Properties.RouteKey, uri.Ref);
    }
    const expected = routes.flatMap((r) => r.prefixes.flatMap((p) => routeKeys(p).map((key) => [key, r.name] as const)));
    assert.equal(byKey.size, expected.length, "one route per key, no strays");
    for (const [key, name] of expected) {
      assert.equal(byKey.get(key), aliasId(name), `${key} reaches ${name}'s live alias`);
    }
    assert.ok(byKey.has("ANY /api/cart/{proxy+}") && byKey.has("ANY /api/cart"));
  });

  it("uses payload format 2.0 on the shop API", () => {
    for (const integration of Object.values(resourcesOf("functions", "AWS::ApiGatewayV2::Integration"))) {
      assert.equal(integration.Properties.PayloadFormatVersion, "2.0");
      assert.match(JSON.stringify(integration.Properties.ApiId), /Fn::ImportValue.*CoutureStagingApi/, "the API of the Api stack");
    }
  });
});

describe("data", () => {
  it("is one on-demand table keyed pk/sk with gsi1, TTL on expiresAt, PITR and deletion protection", () => {
    template("data").hasResource("AWS::DynamoDB::Table", {
      DeletionPolicy: "Retain",
      UpdateReplacePolicy: "Retain",
      Properties: {
        KeySchema: [
          { AttributeName: "pk", KeyType: "HASH" },
          { AttributeName: "sk", KeyType: "RANGE" },
        ],
        AttributeDefinitions: Match.arrayWith([
          { AttributeName: "pk", AttributeType: "S" },
          { AttributeName: "sk", AttributeType: "S" },
          { AttributeName: "gsi1pk", AttributeType: "S" },
          { AttributeName: "gsi1sk", AttributeType: "S" },
        ]),
        BillingMode: "PAY_PER_REQUEST",
        GlobalSecondaryIndexes: [
          {
            IndexName: "gsi1",
            KeySchema: [
              { AttributeName: "gsi1pk", KeyType: "HASH" },
              { AttributeName: "gsi1sk", KeyType: "RANGE" },
            ],
            Projection: { ProjectionType: "ALL" },
          },
        ],
        TimeToLiveSpecification: { AttributeName: "expiresAt", Enabled: true },
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        DeletionProtectionEnabled: true,
      },
    });
    template("data").resourceCountIs("AWS::DynamoDB::Table", 1);
  });
});

describe("functions", () => {
  it("runs every function, the API's and the reconciler, as an arm64 provided.al2023 bootstrap with JSON logs and tracing", () => {
    const fns = resourcesOf("functions", "AWS::Lambda::Function");
    const shopFns = Object.entries(fns).filter(([, f]) => f.Properties.Handler === "bootstrap");
    assert.equal(shopFns.length, deployed.length);
    assert.deepEqual([...shop.functions.functions.keys()].sort(), [...deployed].sort());
    const api = new Set([...shop.functions.live.keys()].map((name) => logicalId(shop.functions.functions.get(name)!)));
    for (const [id, fn] of shopFns) {
      const p = fn.Properties;
      assert.deepEqual(p.Architectures, ["arm64"]);
      assert.equal(p.Runtime, "provided.al2023");
      assert.equal(p.LoggingConfig.LogFormat, "JSON");
      assert.ok(p.LoggingConfig.LogGroup.Ref, "its own log group");
      assert.deepEqual(p.TracingConfig, { Mode: "Active" });
      assert.ok(p.MemorySize >= 256);
      // The HTTP API gives up on an integration after 30 s.
      if (api.has(id)) assert.ok(p.Timeout <= 29, id);
    }
    assert.equal(api.size, routes.length);
    const groups = new Set(shopFns.map(([, fn]) => fn.Properties.LoggingConfig.LogGroup.Ref));
    assert.equal(groups.size, deployed.length, "one log group each");
    const logGroups = Object.values(resourcesOf("functions", "AWS::Logs::LogGroup"));
    assert.equal(logGroups.length, deployed.length);
    for (const group of logGroups) assert.equal(group.Properties.RetentionInDays, 30);
  });

  it("lets each function write its own log group and no other: no managed policy on its role", () => {
    const roles = resourcesOf("functions", "AWS::IAM::Role");
    for (const [name, fn] of shop.functions.functions) {
      const role = roles[Stack.of(fn).getLogicalId(fn.role!.node.defaultChild as CfnElement)];
      assert.equal(role.Properties.ManagedPolicyArns, undefined, name);
      const logs = statementsOf(name).filter((s) => asArray<string>(s.Action).some((a) => a.startsWith("logs:")));
      assert.equal(logs.length, 1, name);
      assert.deepEqual(asArray(logs[0].Action).sort(), ["logs:CreateLogStream", "logs:PutLogEvents"], name);
      assert.deepEqual(
        logs[0].Resource,
        { "Fn::GetAtt": [Stack.of(fn).getLogicalId(shop.functions.logGroups.get(name)!.node.defaultChild as CfnElement), "Arn"] },
        name,
      );
    }
  });

  it("gives every function the configuration the app reads", () => {
    for (const [name, fn] of shop.functions.functions) {
      const env = template("functions").toJSON().Resources[logicalId(fn)].Properties.Environment.Variables;
      for (const key of ["TABLE_NAME", "BLOBS_BUCKET", "SITE_URL", "ALLOWED_ORIGINS", "RUST_LOG"]) assert.ok(env[key], `${name} ${key}`);
      assert.equal(env.MAIL_TRANSPORT, "ses");
      assert.equal(env.MAIL_FROM, "orders@mail.maison-lan-anh.com");
      assert.equal(env.BLOBS_PUBLIC_URL, "/blobs");
      assert.equal(env.SANDBOX_URL, "https://pay.sandbox.example");
      // Every API function refuses requests that did not come through
      // CloudFront; the reconciler answers no request, so it never reads the secret.
      const api = shop.functions.live.has(name);
      assert.equal(/OriginVerify/.test(JSON.stringify(env.ORIGIN_SECRET_ARN ?? "")), api, `${name} ORIGIN_SECRET_ARN`);
      assert.equal(
        statementsOf(name).some((s) => asArray(s.Action).includes("secretsmanager:GetSecretValue") && /OriginVerify/.test(JSON.stringify(s.Resource))),
        api,
        `${name} reads the origin secret`,
      );
    }
    assert.ok(!shop.functions.live.has(RECONCILER) && shop.functions.functions.has(RECONCILER));
  });

  it("puts no secret value or dynamic reference in any function's environment, only secret ARNs", () => {
    const secretIds = Object.keys(resourcesOf("secrets", "AWS::SecretsManager::Secret"));
    assert.equal(secretIds.length, 5);
    for (const [name, fn] of shop.functions.functions) {
      const env: Record<string, unknown> = template("functions").toJSON().Resources[logicalId(fn)].Properties.Environment.Variables;
      assert.equal(env.SESSION_KEY, undefined, name);
      for (const [key, value] of Object.entries(env)) {
        const text = JSON.stringify(value);
        assert.doesNotMatch(text, /resolve:secretsmanager|resolve:ssm-secure/, `${name} ${key}`);
        // A secret reaches a function only as its ARN, under a *_SECRET_ARN name.
        if (secretIds.some((id) => text.includes(id))) assert.match(key, /_SECRET_ARN$/, `${name} ${key}`);
      }
    }
  });

  it("gives the session key ARN and its read only to the functions that sign or verify sessions", () => {
    const sessionFns = [...shop.functions.functions.keys()].filter((name) => ACCESS[name]?.session);
    assert.ok(sessionFns.includes("auth") && sessionFns.includes("cart") && !sessionFns.includes("catalog"));
    for (const [name, fn] of shop.functions.functions) {
      const env = template("functions").toJSON().Resources[logicalId(fn)].Properties.Environment.Variables;
      const reads = statementsOf(name).some(
        (s) => asArray(s.Action).includes("secretsmanager:GetSecretValue") && /SessionKey/.test(JSON.stringify(s.Resource)),
      );
      const session = ACCESS[name]?.session === true;
      assert.equal(/SessionKey/.test(JSON.stringify(env.SESSION_KEY_SECRET_ARN ?? "")), session, `${name} SESSION_KEY_SECRET_ARN`);
      assert.equal(reads, session, `${name} reads the session key`);
    }
  });

  it("lets catalogue functions only read the table", () => {
    const dynamo = actionsOf("catalog", "dynamodb:");
    assert.ok(dynamo.includes("dynamodb:Query") && dynamo.includes("dynamodb:GetItem"));
    for (const write of ["dynamodb:PutItem", "dynamodb:UpdateItem", "dynamodb:DeleteItem", "dynamodb:BatchWriteItem"]) {
      assert.ok(!dynamo.includes(write), `catalog must not ${write}`);
    }
    for (const name of ["cart", "auth"]) assert.ok(actionsOf(name, "dynamodb:").includes("dynamodb:PutItem"), name);
    // Orders only moves an order along (UpdateItem); payment places them.
    assert.ok(!actionsOf("orders", "dynamodb:").includes("dynamodb:PutItem"));
  });

  it("lets only the mailing functions send mail, from the sender address, through its identity", () => {
    for (const name of shop.functions.functions.keys()) {
      const mail = statementsOf(name).filter((s) => asArray<string>(s.Action).some((a) => a.startsWith("ses:")));
      assert.equal(mail.length > 0, ACCESS[name]?.mail === true, name);
      for (const statement of mail) {
        assert.deepEqual(statement.Condition, { StringEquals: { "ses:FromAddress": "orders@mail.maison-lan-anh.com" } });
        assert.notEqual(statement.Resource, "*");
      }
    }
    assert.ok(actionsOf("auth", "ses:").includes("ses:SendEmail"));
  });

  it("keeps the invoices to the functions that store or serve them, and no function may touch images", () => {
    for (const name of shop.functions.functions.keys()) {
      const s3 = statementsOf(name).filter((s) => asArray<string>(s.Action).some((a) => a.startsWith("s3:")));
      const resources = JSON.stringify(s3.map((s) => s.Resource));
      if (ACCESS[name]?.invoices) assert.match(resources, /\/invoices\/\*/, name);
      else assert.equal(s3.length, 0, `${name} has no bucket access`);
      assert.doesNotMatch(resources, /images/);
    }
    // Orders serves no invoice; payment stores them and never reads one back.
    assert.deepEqual(actionsOf("orders", "s3:"), []);
    assert.deepEqual(actionsOf("payment", "s3:"), ["s3:PutObject"]);
  });

  it("lets a function read only its own secrets", () => {
    for (const name of shop.functions.functions.keys()) {
      const reads = statementsOf(name).filter((s) => asArray<string>(s.Action).includes("secretsmanager:GetSecretValue"));
      // Its own secrets, the session key if it reads sessions, and the origin secret every API function checks requests with.
      const session = ACCESS[name]?.session ? 1 : 0;
      const origin = shop.functions.live.has(name) ? 1 : 0;
      assert.equal(reads.length, (ACCESS[name]?.secrets ?? []).length + session + origin, name);
    }
    const env = template("functions").toJSON().Resources[logicalId(shop.functions.functions.get("auth")!)].Properties.Environment.Variables;
    assert.ok(env.OAUTH_SECRET_ARN);
  });

  it("tells the request function where the atelier's mail goes", () => {
    const env = template("functions").toJSON().Resources[logicalId(shop.functions.functions.get("requests")!)].Properties.Environment.Variables;
    assert.equal(env.HOUSE_EMAIL, "atelier@couture.example");
  });
});

describe("api", () => {
  it("throttles the stage and writes JSON access logs", () => {
    template("api").hasResourceProperties("AWS::ApiGatewayV2::Stage", {
      StageName: "$default",
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: 200, ThrottlingBurstLimit: 400 },
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('"status":"\\$context.status"') },
    });
  });
});

describe("buckets", () => {
  it("keeps both buckets private, encrypted and TLS-only", () => {
    for (const stack of ["site", "blobs"] as const) {
      template(stack).hasResourceProperties("AWS::S3::Bucket", {
        PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
        BucketEncryption: Match.anyValue(),
      });
      const policies = JSON.stringify(resourcesOf(stack, "AWS::S3::BucketPolicy"));
      assert.match(policies, /"aws:SecureTransport":"false"/);
      assert.doesNotMatch(policies, /"Principal":"\*","Action":"s3:GetObject"/);
    }
  });

  it("lets CloudFront read the blobs bucket's images/ and nothing else", () => {
    const statements = Object.values(resourcesOf("blobs", "AWS::S3::BucketPolicy")).flatMap((p) => p.Properties.PolicyDocument.Statement);
    const reads = statements.filter((s) => s.Effect === "Allow");
    assert.equal(reads.length, 1);
    assert.deepEqual(reads[0].Principal, { Service: "cloudfront.amazonaws.com" });
    assert.match(JSON.stringify(reads[0].Resource), /\/images\/\*"/);
    assert.ok(reads[0].Condition.StringEquals["AWS:SourceAccount"]);
  });

  it("retains the blobs (invoices are records) and versions them", () => {
    template("blobs").hasResource("AWS::S3::Bucket", { DeletionPolicy: "Retain", Properties: { VersioningConfiguration: { Status: "Enabled" } } });
  });
});

describe("cloudfront", () => {
  const distributionOf = (comment: string) =>
    Object.values(resourcesOf("site", "AWS::CloudFront::Distribution"))
      .map((d) => d.Properties.DistributionConfig)
      .find((d) => d.Comment === comment);
  const distribution = () => distributionOf("Couture storefront");
  const assetsDistribution = () => distributionOf("Couture payment SDK assets");
  /** A response headers policy's config by the resource it is referenced as. */
  const headersPolicy = (ref: Json) => resourcesOf("site", "AWS::CloudFront::ResponseHeadersPolicy")[ref.Ref].Properties.ResponseHeadersPolicyConfig;
  const sitePolicy = () => headersPolicy(distribution().DefaultCacheBehavior.ResponseHeadersPolicyId);
  /** A CloudFormation string as text, each attribute it takes from a resource as `Resource.Attribute`. */
  const text = (value: Json): string =>
    typeof value === "string"
      ? value
      : value["Fn::Join"]
        ? value["Fn::Join"][1].map(text).join(value["Fn::Join"][0])
        : value["Fn::GetAtt"]
          ? value["Fn::GetAtt"].join(".")
          : JSON.stringify(value);
  const behaviour = (pattern: string) => distribution().CacheBehaviors.find((b: Json) => b.PathPattern === pattern);
  const CACHING_DISABLED = "4135ea2d-6df8-44a3-9df3-4b5a84be39ad";
  const CACHING_OPTIMIZED = "658327ea-f89d-4fab-a63d-7e88639e58f6";

  it("sends /api/* to the HTTP API uncached, with every method, cookie and query string, the headers it reads and the viewer address", () => {
    const api = behaviour("/api/*");
    assert.equal(api.CachePolicyId, CACHING_DISABLED);
    const policies = resourcesOf("site", "AWS::CloudFront::OriginRequestPolicy");
    const policy = policies[api.OriginRequestPolicyId.Ref].Properties.OriginRequestPolicyConfig;
    assert.equal(policy.CookiesConfig.CookieBehavior, "all");
    assert.equal(policy.QueryStringsConfig.QueryStringBehavior, "all");
    assert.equal(policy.HeadersConfig.HeaderBehavior, "whitelist");
    const headers: string[] = policy.HeadersConfig.Headers.map((h: string) => h.toLowerCase());
    for (const h of ["origin", "content-type", "x-request-id", "cloudfront-viewer-address"]) assert.ok(headers.includes(h), h);
    assert.ok(!headers.includes("host"), "Host must name the API");
    assert.deepEqual(api.AllowedMethods.sort(), ["DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT"]);
    assert.equal(api.ViewerProtocolPolicy, "https-only");
    const origin = distribution().Origins.find((o: Json) => o.Id === api.TargetOriginId);
    assert.match(JSON.stringify(origin.DomainName), /execute-api/);
    assert.equal(origin.CustomOriginConfig.OriginProtocolPolicy, "https-only");
    // The secret that proves a request came through CloudFront: a dynamic
    // reference to the generated secret, never its value.
    const verify = origin.OriginCustomHeaders.find((h: Json) => h.HeaderName === "X-Origin-Verify");
    assert.match(JSON.stringify(verify.HeaderValue), /\{\{resolve:secretsmanager:.*:SecretString:value::\}\}/);
  });

  it("caches the catalogue prefixes as the API's Cache-Control says, keyed on path and query, compressed, cookie-free", () => {
    const catalogue = routes.find((r) => r.name === "catalog")!.prefixes;
    assert.ok(catalogue.includes("/api/products") && catalogue.includes("/api/news"));
    const patterns: string[] = distribution().CacheBehaviors.map((b: Json) => b.PathPattern);
    // Every catalogue prefix, and below it, before /api/* (CloudFront takes the first match).
    const expected = catalogue.flatMap((p) => [p, `${p}/*`]);
    assert.deepEqual(patterns.filter((p) => p.startsWith("/api/") && p !== "/api/*").sort(), [...expected].sort(), "no personal prefix is cached");
    for (const pattern of expected) assert.ok(patterns.indexOf(pattern) < patterns.indexOf("/api/*"), `${pattern} before /api/*`);
    const policies = resourcesOf("site", "AWS::CloudFront::CachePolicy");
    const requests = resourcesOf("site", "AWS::CloudFront::OriginRequestPolicy");
    for (const pattern of expected) {
      const b = behaviour(pattern);
      assert.equal(b.TargetOriginId, behaviour("/api/*").TargetOriginId, `${pattern} reaches the API`);
      assert.equal(b.Compress, true);
      assert.deepEqual(b.AllowedMethods.sort(), ["GET", "HEAD", "OPTIONS"]);
      const cache = policies[b.CachePolicyId.Ref].Properties.CachePolicyConfig;
      // TTLs: the origin decides (s-maxage), nothing is kept without it.
      assert.equal(cache.MinTTL, 0);
      assert.equal(cache.DefaultTTL, 0);
      assert.ok(cache.MaxTTL >= 300, "longer than the origin's s-maxage=60");
      const key = cache.ParametersInCacheKeyAndForwardedToOrigin;
      assert.equal(key.QueryStringsConfig.QueryStringBehavior, "all");
      assert.equal(key.CookiesConfig.CookieBehavior, "none");
      assert.equal(key.HeadersConfig.HeaderBehavior, "none");
      assert.equal(key.EnableAcceptEncodingGzip, true);
      assert.equal(key.EnableAcceptEncodingBrotli, true);
      const forwarded = requests[b.OriginRequestPolicyId.Ref].Properties.OriginRequestPolicyConfig;
      assert.equal(forwarded.CookiesConfig.CookieBehavior, "none", "a cached answer never depends on a cookie");
      const headers: string[] = forwarded.HeadersConfig.Headers.map((h: string) => h.toLowerCase());
      for (const varying of ["accept-language", "origin", "cookie", "authorization"]) assert.ok(!headers.includes(varying), varying);
    }
  });

  it("serves the site, hashed assets and the imagery from S3 through origin access control, and no SDK frame", () => {
    const config = distribution();
    assert.equal(behaviour("/web/*"), undefined, "the SDK's frames are the assets host's, never the shop's origin");
    for (const b of [config.DefaultCacheBehavior, behaviour("/_next/static/*"), behaviour("/blobs/*")]) {
      assert.equal(b.CachePolicyId, CACHING_OPTIMIZED);
      assert.equal(b.Compress, true);
      assert.equal(b.ViewerProtocolPolicy, "redirect-to-https");
      const group = config.OriginGroups?.Items.find((g: Json) => g.Id === b.TargetOriginId);
      const ids: string[] = group ? group.Members.Items.map((m: Json) => m.OriginId) : [b.TargetOriginId];
      for (const id of ids) {
        const origin = config.Origins.find((o: Json) => o.Id === id);
        assert.ok(origin.OriginAccessControlId, "OAC");
        assert.deepEqual(origin.S3OriginConfig, { OriginAccessIdentity: "" });
      }
    }
    assert.equal(config.DefaultCacheBehavior.FunctionAssociations[0].EventType, "viewer-request");
    assert.equal(behaviour("/blobs/*").FunctionAssociations[0].EventType, "viewer-request");
    // The pages: the catalogue's publication first (published/), the build's when it has none.
    const pages = config.OriginGroups.Items.find((g: Json) => g.Id === config.DefaultCacheBehavior.TargetOriginId);
    const [primary, fallback] = pages.Members.Items.map((m: Json) => config.Origins.find((o: Json) => o.Id === m.OriginId));
    assert.equal(primary.OriginPath, "/published");
    assert.equal(fallback.OriginPath ?? "", "");
    assert.deepEqual(pages.FailoverCriteria.StatusCodes.Items.sort(), [403, 404]);
    assert.equal(behaviour("/_next/static/*").TargetOriginId, fallback.Id, "hashed assets straight from the build");
    template("site").resourceCountIs("AWS::CloudFront::KeyValueStore", 1);
    template("site").hasResourceProperties("AWS::CloudFront::Function", {
      FunctionConfig: { Runtime: "cloudfront-js-2.0", KeyValueStoreAssociations: Match.anyValue() },
      FunctionCode: Match.stringLikeRegexp("^import cf from 'cloudfront';"),
    });
    template("site").resourceCountIs("AWS::CloudFront::Function", 2);
    template("site").hasResourceProperties("AWS::CloudFront::Function", {
      FunctionConfig: { Runtime: "cloudfront-js-2.0" },
      FunctionCode: Match.stringLikeRegexp('"shop","product",":id",":slug"'),
    });
  });

  it("sends the security headers on every behaviour", () => {
    const config = distribution();
    const policies = new Set([config.DefaultCacheBehavior, ...config.CacheBehaviors].map((b: Json) => JSON.stringify(b.ResponseHeadersPolicyId)));
    assert.equal(policies.size, 1);
    const headers = sitePolicy().SecurityHeadersConfig;
    assert.equal(headers.StrictTransportSecurity.AccessControlMaxAgeSec, 730 * 86400);
    assert.equal(headers.ContentTypeOptions.Override, true);
    assert.equal(headers.ReferrerPolicy.ReferrerPolicy, SECURITY_HEADERS.referrerPolicy);
    assert.equal(headers.FrameOptions.FrameOption, SECURITY_HEADERS.frameOptions);
    const csp = text(headers.ContentSecurityPolicy.ContentSecurityPolicy);
    assert.ok(csp.length <= 1783, "CloudFront limit");
    const directive = (name: string) => csp.split("; ").find((d) => d.startsWith(`${name} `)) ?? "";
    assert.match(directive("script-src"), /'wasm-unsafe-eval'/);
    assert.match(directive("script-src"), /https:\/\/pay\.sandbox\.example/);
    assert.match(directive("frame-src"), /https:\/\/pay\.sandbox\.example/);
    assert.match(directive("frame-src"), /https:\/\/assets\.provider\.example/);
    assert.match(directive("connect-src"), /https:\/\/pay\.sandbox\.example/);
    // The SDK's assets host (its distribution's domain) for the modules, the frames and the WebAssembly.
    for (const name of ["script-src", "frame-src", "connect-src"])
      assert.match(directive(name), / https:\/\/AssetsDistribution[0-9A-F]+\.DomainName( |$)/, name);
    assert.equal(directive("frame-ancestors"), "frame-ancestors 'self'");
    assert.equal(directive("object-src"), "object-src 'none'");
    // The one list the local server sends too (shared/security-headers.json).
    const listed = [...SECURITY_HEADERS.contentSecurityPolicy, ...SECURITY_HEADERS.httpsOnlyContentSecurityPolicy];
    assert.deepEqual(
      csp.split("; ").map((d) => d.split(" ")[0]),
      listed.map((d) => d.split(" ")[0]),
    );
    const custom = sitePolicy().CustomHeadersConfig.Items;
    assert.deepEqual(custom, [{ Header: "Permissions-Policy", Value: SECURITY_HEADERS.permissionsPolicy, Override: true }]);
  });

  it("serves the SDK from an assets host of its own: strict CSP, framed by the shop only, Google Pay in the Payment Request frame", () => {
    const config = assetsDistribution();
    assert.ok(config, "a distribution of its own");
    const origin = config.Origins.find((o: Json) => o.Id === config.DefaultCacheBehavior.TargetOriginId);
    assert.match(JSON.stringify(origin.DomainName), /AssetsBucket/);
    assert.ok(origin.OriginAccessControlId, "OAC");
    const frames = headersPolicy(config.DefaultCacheBehavior.ResponseHeadersPolicyId);
    const csp: string = frames.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy;
    assert.equal(typeof csp, "string", "names no resource: the site distribution names this one");
    const directive = (policy: string, name: string) => policy.split("; ").find((d) => d.startsWith(`${name} `)) ?? "";
    assert.equal(directive(csp, "script-src"), "script-src 'self' 'wasm-unsafe-eval'");
    assert.doesNotMatch(csp, /unsafe-inline/);
    assert.equal(directive(csp, "connect-src"), "connect-src 'self' https://pay.sandbox.example https://assets.provider.example");
    // No domain in the test stage: CloudFront's domains until it has one (see the domain case below).
    assert.equal(directive(csp, "frame-ancestors"), "frame-ancestors https://*.cloudfront.net");
    assert.equal(frames.SecurityHeadersConfig.ContentSecurityPolicy.Override, true);
    assert.equal(frames.SecurityHeadersConfig.FrameOptions, undefined, "framed by another origin");
    assert.deepEqual(frames.CorsConfig.AccessControlAllowOrigins.Items, ["*"]);
    const request = config.CacheBehaviors.find((b: Json) => b.PathPattern === "/web/*/html/payment-request-frame.html");
    const google: string = headersPolicy(request.ResponseHeadersPolicyId).SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy;
    assert.equal(
      directive(google, "connect-src"),
      "connect-src 'self' https://pay.sandbox.example https://assets.provider.example https://google.com/pay https://pay.google.com",
    );
    assert.match(directive(google, "script-src"), /https:\/\/pay\.google\.com$/);
    assert.doesNotMatch(csp, /google/);
    const masterpass = config.CacheBehaviors.find((b: Json) => b.PathPattern === "/web/*/html/masterpass-loading-frame.html");
    const mp: string = headersPolicy(masterpass.ResponseHeadersPolicyId).SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy;
    assert.equal(directive(mp, "script-src"), "script-src 'self' 'wasm-unsafe-eval' https://static.masterpass.com https://sandbox.static.masterpass.com");
    assert.doesNotMatch(mp, /google/);
    assert.doesNotMatch(google, /masterpass/);
    assert.doesNotMatch(csp, /masterpass/);
    // The API mints client tokens naming it; the site build reads it as it reads SiteUrl.
    const env = Object.values(resourcesOf("functions", "AWS::Lambda::Function")).map((f) => f.Properties.Environment?.Variables ?? {});
    assert.ok(env.length > 0 && env.every((v) => /AssetsDistribution/.test(JSON.stringify(v.ASSETS_URL))), "ASSETS_URL");
    assert.ok(template("site").findOutputs("AssetsUrl").AssetsUrl);
  });

  it("frames the SDK for the shop's own domain alone when the stage has one", () => {
    const withDomain = synthShop(realRoutes(), repoRoot, {
      ...TEST_CONTEXT,
      domainName: "shop.example.com",
      certificateArn: "arn:aws:acm:us-east-1:123456789012:certificate/abc",
    });
    const policies = Object.values(templatesOf(withDomain)("site").findResources("AWS::CloudFront::ResponseHeadersPolicy"));
    const assets = policies.map((p) => p.Properties.ResponseHeadersPolicyConfig).filter((p) => /SDK assets/.test(p.Comment));
    assert.equal(assets.length, 3, "the frames, the Payment Request frame, the Masterpass loading frame");
    for (const p of assets)
      assert.match(p.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy, /; frame-ancestors https:\/\/shop\.example\.com;/);
  });

  it("keeps a response's own stricter CSP (the OAuth popup's nonce policy), as the local server does", () => {
    const headers = sitePolicy().SecurityHeadersConfig;
    assert.equal(headers.ContentSecurityPolicy.Override, false);
  });

  it("gives the catalogue's publication one policy: the templates, published/ alone, the store and the invalidation", () => {
    const policies = Object.values(template("site").findResources("AWS::IAM::ManagedPolicy")).map((p) => p.Properties);
    const publish = policies.find((p) => /shopctl publish/.test(p.Description));
    assert.ok(publish, "the PublishSite policy");
    const statements: Json[] = publish.PolicyDocument.Statement;
    const grants = (action: string) => statements.filter((st) => [st.Action].flat().includes(action)).map((st) => JSON.stringify(st.Resource));
    assert.match(grants("s3:PutObject")[0], /\/published\/\*/, "writes only under published/");
    assert.match(grants("s3:DeleteObject")[0], /\/published\/\*/, "prunes only under published/");
    assert.match(grants("cloudfront-keyvaluestore:UpdateKeys")[0], /PublishedPages/);
    assert.match(grants("cloudfront:CreateInvalidation")[0], /distribution\//);
    assert.ok(!statements.some((st) => [st.Action].flat().some((a: string) => a.endsWith("*"))), "no wildcard action");
    for (const output of ["PublishedPagesArn", "PublishSitePolicyArn", "SiteBucketName", "DistributionId"])
      assert.ok(template("site").findOutputs(output)[output], output);
  });

  it("deploys the site and the SDK without one pruning the other, then invalidates", () => {
    const deployments = Object.values(resourcesOf("pages", "Custom::CDKBucketDeployment")).map((d) => d.Properties);
    assert.equal(Object.keys(resourcesOf("site", "Custom::CDKBucketDeployment")).length, 0, "the Site stack only holds CloudFront and the bucket");
    assert.equal(deployments.length, 4);
    const pages = deployments.find((d) => d.DestinationBucketKeyPrefix === undefined);
    assert.deepEqual(pages.DistributionPaths, ["/*"]);
    assert.equal(pages.Prune, true);
    // The site's bucket holds no SDK: its pages own web/ too, so an older release's copy is pruned.
    assert.deepEqual(pages.Exclude, ["_next/static/*", "published/*"], "a release never prunes the publication");
    assert.ok(pages.SystemMetadata["cache-control"] === PAGE_CACHE);
    const underWeb = deployments.filter((d) => d.DestinationBucketKeyPrefix === "web/");
    assert.equal(underWeb.length, 2);
    assert.ok(underWeb.every((d) => d.Prune === true && d.Exclude.length > 0));
    // The SDK goes to the assets host's bucket (never the site's), and its frames invalidate that host.
    const bucketOf = (d: Json) => JSON.stringify(d.DestinationBucketName);
    assert.ok(
      underWeb.every((d) => /AssetsBucket/.test(bucketOf(d))),
      underWeb.map(bucketOf).join(),
    );
    assert.ok(!/AssetsBucket/.test(bucketOf(pages)));
    assert.deepEqual(underWeb.find((d) => d.DistributionPaths)?.DistributionPaths, ["/web/*"]);
    const nextStatic = deployments.find((d) => d.DestinationBucketKeyPrefix === "_next/static/");
    assert.equal(nextStatic.Prune, false);
    assert.equal(nextStatic.SystemMetadata["cache-control"], IMMUTABLE_CACHE);
  });
});

describe("operations", () => {
  it("draws the table's consumed capacity and CloudFront's error rates on the dashboard", () => {
    const body = JSON.stringify(Object.values(resourcesOf("operations", "AWS::CloudWatch::Dashboard"))[0].Properties.DashboardBody);
    assert.match(body, /ConsumedReadCapacityUnits/);
    assert.match(body, /ConsumedWriteCapacityUnits/);
    assert.match(body, /5xxErrorRate/);
  });
});

describe("email and secrets", () => {
  it("verifies the sender domain with SES", () => {
    template("email").hasResourceProperties("AWS::SES::EmailIdentity", { EmailIdentity: "mail.maison-lan-anh.com" });
  });

  it("generates a session key that is valid base64 of at least 32 bytes", () => {
    template("secrets").hasResourceProperties("AWS::SecretsManager::Secret", {
      GenerateSecretString: { PasswordLength: 64, ExcludePunctuation: true, IncludeSpace: false },
    });
    template("secrets").resourceCountIs("AWS::SecretsManager::Secret", 5);
  });

  it("retains every secret when the stack is removed or a secret replaced", () => {
    const secrets = Object.entries(resourcesOf("secrets", "AWS::SecretsManager::Secret"));
    assert.equal(secrets.length, 5);
    for (const [id, secret] of secrets) {
      assert.equal(secret.DeletionPolicy, "Retain", id);
      assert.equal(secret.UpdateReplacePolicy, "Retain", id);
    }
  });

  it("creates the operator-filled secrets with a frozen value, so a new field never overwrites theirs", () => {
    const stringsOf = (stack: Stack) =>
      Object.values(Template.fromStack(stack).findResources("AWS::SecretsManager::Secret"))
        .filter((s) => s.Properties.SecretString !== undefined)
        .map((s) => [s.Properties.SecretString, s.Properties.GenerateSecretString ?? null]);
    const today = stringsOf(shop.secrets);
    assert.deepEqual(today.map(([value]) => value).sort(), Object.values(CREATED_WITH).sort());
    // The same shop with a field added to every shape: the values CloudFormation manages do not change.
    const grow = (fields: readonly string[]) => [...fields, "addedField"];
    const grown = { payment: grow(SECRET_SHAPES.payment), paypal: grow(SECRET_SHAPES.paypal), oauth: grow(SECRET_SHAPES.oauth) };
    const changed = new SecretsStack(new App(), "Grown", { shapes: grown });
    assert.deepEqual(stringsOf(changed), today);
    const descriptions = JSON.stringify(Template.fromStack(changed).findResources("AWS::SecretsManager::Secret"));
    assert.match(descriptions, /addedField/, "the description shows the new shape");
  });

  it('generates the origin secret as {"value"} of 48 letters and digits', () => {
    template("secrets").hasResourceProperties("AWS::SecretsManager::Secret", {
      GenerateSecretString: { GenerateStringKey: "value", SecretStringTemplate: "{}", PasswordLength: 48, ExcludePunctuation: true },
    });
  });
});
