// One arm64 Rust Lambda per entry of shared/routes.json, each with its own
// log group and only the grants it needs, published behind its `live` alias
// (LiveFunction: CodeDeploy, rollback alarms, the alarms that wake), and the
// HTTP API routes to that alias; and the functions that serve no route (the
// payment reconciler, run on a schedule: lib/reconciler.ts), built, logged
// and granted the same way.
import { Annotations, CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from "aws-cdk-lib";
import * as apigwv2 from "aws-cdk-lib/aws-apigatewayv2";
import * as cloudwatch from "aws-cdk-lib/aws-cloudwatch";
import * as codedeploy from "aws-cdk-lib/aws-codedeploy";
import { HttpLambdaIntegration } from "aws-cdk-lib/aws-apigatewayv2-integrations";
import type * as dynamodb from "aws-cdk-lib/aws-dynamodb";
import * as iam from "aws-cdk-lib/aws-iam";
import * as lambda from "aws-cdk-lib/aws-lambda";
import * as logs from "aws-cdk-lib/aws-logs";
import type * as s3 from "aws-cdk-lib/aws-s3";
import type * as secretsmanager from "aws-cdk-lib/aws-secretsmanager";
import type * as sns from "aws-cdk-lib/aws-sns";
import type { Construct } from "constructs";
import { shopNamespace } from "./alarms.ts";
import { INVOICES_PREFIX } from "./blobs-stack.ts";
import type { ShopConfig } from "./config.ts";
import { GSI1 } from "./data-stack.ts";
import { accessOf, DEFAULT_MEMORY_MB, DEFAULT_TIMEOUT_SECONDS, type FunctionAccess, type SecretName, tableStatements } from "./function-access.ts";
import { LiveFunction } from "./live-function.ts";
import { acknowledge, acknowledgeManagedPolicy, acknowledgeWildcard } from "./nag.ts";
import { PAYMENT_BUDGET } from "./payment-budget.ts";
import { PaymentLogAlarms, Reconciler } from "./reconciler.ts";
import { deployedFunctions, type FunctionRoutes, RECONCILER, routeKeys } from "./routes.ts";
import { rustBootstrapCode } from "./rust-bootstrap.ts";

export interface FunctionsStackProps extends StackProps {
  readonly config: ShopConfig;
  readonly repoRoot: string;
  readonly routes: readonly FunctionRoutes[];
  readonly table: dynamodb.ITable;
  readonly blobsBucket: s3.IBucket;
  readonly sessionKey: secretsmanager.ISecret;
  readonly secrets: Record<SecretName, secretsmanager.ISecret>;
  /** The secret CloudFront adds to every API request (X-Origin-Verify). */
  readonly originVerify: secretsmanager.ISecret;
  /** The stage's SES configuration set (by name: no cross-stack export to get stuck on). */
  readonly configurationSetName: string;
  readonly api: apigwv2.IHttpApi;
  /** The API's access log: each function's requests and 5xx are counted from it. */
  readonly accessLogs: logs.ILogGroup;
  /** Where the functions' alarms go (the Operations stack's topic). */
  readonly alarmTopic: sns.ITopic;
  readonly siteUrl: string;
  readonly allowedOrigins: readonly string[];
  /** The payment SDK's assets host (ASSETS_URL): what the client tokens the API mints name. */
  readonly assetsUrl: string;
}

/**
 * The error lines the Rust functions log when a mail was not sent
 * (functions/auth/src/mail.rs, shared/domain/src/checkout/confirmation.rs
 * for the payment function and the reconciler, functions/requests/src/lib.rs):
 * tracing's JSON puts the message under fields.message. A trailing * matches
 * the rest of the message.
 */
export const MAIL_FAILURE_MESSAGES = [
  "account email not sent",
  "order confirmation not sent*",
  "house notification not sent",
  "request acknowledgement not sent",
];
export const MAIL_FAILURE_PATTERN = `{ ${MAIL_FAILURE_MESSAGES.map((m) => `$.fields.message = "${m}"`).join(" || ")} }`;
/** The metric every mailing function's log feeds (namespace shopNamespace(stage)). */
export const MAIL_FAILURES_METRIC = "MailFailures";

/** Where browsers fetch public blobs (a path on the site's own origin, whichever domain it is reached by). */
export const BLOBS_PUBLIC_PATH = "/blobs";

/** The environment variable that names each secret for the functions that read it. */
export const SECRET_ENV: Record<SecretName, string> = {
  payment: "PAYMENT_PROVIDER_SECRET_ARN",
  paypal: "PAYPAL_SECRET_ARN",
  oauth: "OAUTH_SECRET_ARN",
};

const pascal = (name: string) => name.replace(/(^|-)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());

/**
 * Why a route has no API Gateway authorizer (cdk-nag APIG4): the function
 * behind it decides, on every request, who may do what.
 */
function routeAuthorization(key: string, name: string, access: FunctionAccess): string {
  const who = access.session
    ? "a call that needs a signed-in shopper answers 401 without the access cookie the function verifies itself with the session key (shop_http CurrentUser), and what a visitor may do (sign in, register, ask for a made-to-order piece) stays open on purpose; an authorizer would verify the same cookie a second time, on routes that must also answer visitors"
    : access.table
      ? "its answers are public, the same for every visitor, and it reads no session: there is no one to authorize"
      : "it has no grant yet (shared/function-access.json), so it reads no session and reaches nothing to protect";
  return `${key} is the ${name} function's, which authorizes in its own code: ${who}. Every function also refuses a request without CloudFront's X-Origin-Verify secret, so the route cannot be reached around the distribution and its WAF`;
}

export class FunctionsStack extends Stack {
  /** Every function, the API's and the background ones, by name. */
  readonly functions = new Map<string, lambda.Function>();
  /** The API's functions (those of the routing table), behind their `live` alias. */
  readonly live = new Map<string, LiveFunction>();
  readonly logGroups = new Map<string, logs.LogGroup>();
  readonly reconciler: Reconciler;
  readonly paymentAlarms: PaymentLogAlarms;

  constructor(scope: Construct, id: string, props: FunctionsStackProps) {
    super(scope, id, props);
    // Every bootstrap is built in the first bundling, the background functions' too.
    const names = deployedFunctions(props.routes);
    const application = new codedeploy.LambdaApplication(this, "Deployments");
    const deployPolicy = iam.ManagedPolicy.fromAwsManagedPolicyName("service-role/AWSCodeDeployRoleForLambdaLimited");
    const deployRole = new iam.Role(this, "DeployRole", { assumedBy: new iam.ServicePrincipal("codedeploy.amazonaws.com"), managedPolicies: [deployPolicy] });
    acknowledgeManagedPolicy(
      deployRole,
      deployPolicy.managedPolicyArn,
      "AWS's own policy for CodeDeploy's Lambda deployments (its Limited form: read the alarms, get and move an alias, invoke the CodeDeployHook_ functions), kept by AWS in step with what CodeDeploy calls; a hand-written copy would stop a release the day CodeDeploy needs one more call",
    );
    const dashboard = new cloudwatch.Dashboard(this, "Dashboard", { defaultInterval: Duration.hours(3) });
    for (const entry of props.routes) {
      const fn = this.shopFunction(props, entry.name, `${entry.name}: ${entry.prefixes.join(" ")}`, names, true);
      this.functions.set(entry.name, fn);
      const live = new LiveFunction(this, `${pascal(entry.name)}Release`, {
        name: entry.name,
        fn,
        prefixes: entry.prefixes,
        accessLogs: props.accessLogs,
        topic: props.alarmTopic,
        stage: props.config.stage,
        deployment: props.config.deployment,
        application,
        deployRole,
        p99LatencyMs: props.config.p99LatencyMs,
      });
      this.live.set(entry.name, live);
      dashboard.addWidgets(...live.widgets);
      // Found by the operator (README's rollback), never imported by another stack.
      new CfnOutput(this, `${pascal(entry.name)}FunctionName`, { value: fn.functionName });
      const integration = new HttpLambdaIntegration(`${pascal(entry.name)}Integration`, live.alias);
      for (const prefix of entry.prefixes) {
        for (const key of routeKeys(prefix)) {
          const path = key.slice("ANY ".length);
          const route = new apigwv2.HttpRoute(this, `Route${path.replace(/[^A-Za-z0-9]/g, "")}`, {
            httpApi: props.api,
            routeKey: apigwv2.HttpRouteKey.with(path, apigwv2.HttpMethod.ANY),
            integration,
          });
          acknowledge(route, "APIG4", routeAuthorization(key, entry.name, accessOf(entry.name)));
        }
      }
    }

    // The reconciler: no route, no alias (nothing shifts traffic to it), run
    // by its schedule; it settles what the payment function could not.
    const reconcile = this.shopFunction(
      props,
      RECONCILER,
      `${RECONCILER}: settles payments whose outcome is unknown, every ${PAYMENT_BUDGET.reconcileEveryMinutes} minutes`,
      names,
      false,
    );
    this.functions.set(RECONCILER, reconcile);
    this.reconciler = new Reconciler(this, "Reconciler", { fn: reconcile, budget: PAYMENT_BUDGET, topic: props.alarmTopic });
    // Not <Name>FunctionName: the rollback script moves `live` aliases, and the reconciler has none.
    new CfnOutput(this, "ReconcilerName", {
      value: reconcile.functionName,
      description: `The ${RECONCILER} function: it runs on its schedule; invoke it with any JSON event to run it now`,
    });
    this.paymentAlarms = new PaymentLogAlarms(this, "PaymentAlarms", { logGroups: this.logGroups, topic: props.alarmTopic, stage: props.config.stage });
    dashboard.addWidgets(...this.reconciler.widgets, ...this.paymentAlarms.widgets);
  }

  /**
   * One function: its own log group, its grants and its configuration.
   * `api`: it answers the HTTP API (through CloudFront), so it reads the
   * origin secret to refuse requests that went around it.
   */
  private shopFunction(props: FunctionsStackProps, name: string, description: string, names: readonly string[], api: boolean): lambda.Function {
    const { config } = props;
    const access = accessOf(name);
    const id = pascal(name);
    const logGroup = new logs.LogGroup(this, `${id}Logs`, {
      retention: config.logRetentionDays as logs.RetentionDays,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.logGroups.set(name, logGroup);
    // Its own role rather than Lambda's default with AWSLambdaBasicExecutionRole
    // (log groups and streams created and written anywhere in the account):
    // it writes its own log group, whose lines the alarms count, and no other.
    const role = new iam.Role(this, `${id}ServiceRole`, { assumedBy: new iam.ServicePrincipal("lambda.amazonaws.com") });
    logGroup.grantWrite(role);
    acknowledgeWildcard(
      role,
      "Resource",
      "*",
      "X-Ray's PutTraceSegments and PutTelemetryRecords (the active tracing Lambda adds) take no resource: X-Ray has no resource-level permissions",
    );
    const fn = new lambda.Function(this, id, {
      role,
      description,
      runtime: lambda.Runtime.PROVIDED_AL2023,
      architecture: lambda.Architecture.ARM_64,
      handler: "bootstrap",
      code: rustBootstrapCode(props.repoRoot, name, names),
      memorySize: access.memoryMb ?? DEFAULT_MEMORY_MB,
      timeout: Duration.seconds(access.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS),
      // The functions log JSON lines themselves (tracing-subscriber's json).
      loggingFormat: lambda.LoggingFormat.JSON,
      logGroup,
      tracing: lambda.Tracing.ACTIVE,
      environment: this.functionEnvironment(props, access, api),
    });
    this.grant(fn, props, access, api);
    if (!access.table) {
      Annotations.of(fn).addWarningV2(
        "couture:no-table-grant",
        `${name} has no table grant: list the partition-key prefixes and actions it uses in shared/function-access.json`,
      );
    }
    if (access.mail) {
      logGroup.addMetricFilter("MailFailures", {
        filterPattern: logs.FilterPattern.literal(MAIL_FAILURE_PATTERN),
        metricNamespace: shopNamespace(config.stage),
        metricName: MAIL_FAILURES_METRIC,
        metricValue: "1",
      });
    }
    return fn;
  }

  private functionEnvironment(props: FunctionsStackProps, access: FunctionAccess, api: boolean): Record<string, string> {
    const { config } = props;
    const env: Record<string, string> = {
      RUST_LOG: "info",
      TABLE_NAME: props.table.tableName,
      MAIL_TRANSPORT: "ses",
      MAIL_FROM: config.senderEmail,
      SES_CONFIGURATION_SET: props.configurationSetName,
      BLOBS_BUCKET: props.blobsBucket.bucketName,
      // Same origin as the site: the distribution's /blobs/* behaviour serves images/.
      BLOBS_PUBLIC_URL: BLOBS_PUBLIC_PATH,
      SITE_URL: props.siteUrl,
      ALLOWED_ORIGINS: props.allowedOrigins.join(","),
      ASSETS_URL: props.assetsUrl,
    };
    // Only the ARN: the function reads the current and previous keys at init,
    // so the key is never in its configuration and a rotation needs no deploy.
    if (access.session) env.SESSION_KEY_SECRET_ARN = props.sessionKey.secretArn;
    // Read at init: requests without CloudFront's header are refused, and the
    // viewer address CloudFront adds names the client for the abuse limits.
    if (api) env.ORIGIN_SECRET_ARN = props.originVerify.secretArn;
    if (config.sandboxUrl) env.SANDBOX_URL = config.sandboxUrl;
    if (access.mail) env.HOUSE_EMAIL = config.houseEmail;
    for (const name of access.secrets ?? []) env[SECRET_ENV[name]] = props.secrets[name].secretArn;
    return env;
  }

  private grant(fn: lambda.Function, props: FunctionsStackProps, access: FunctionAccess, api: boolean) {
    // Only its partitions and only the actions its code sends (see
    // shared/function-access.json): the wishlist never reads a password hash.
    for (const statement of tableStatements(access.table, GSI1.indexName)) {
      fn.addToRolePolicy(
        new iam.PolicyStatement({
          actions: [...statement.actions],
          resources: [statement.index ? `${props.table.tableArn}/index/${statement.index}` : props.table.tableArn],
          conditions: { "ForAllValues:StringLike": { "dynamodb:LeadingKeys": [...statement.leadingKeys] } },
        }),
      );
    }
    if (access.mail) {
      // SES authorizes a send against every identity it touches: in the SES
      // sandbox that includes the verified recipient, so the statement covers
      // the account's identities and the configuration set; the condition
      // keeps the From address the shop's own.
      const identities = this.formatArn({ service: "ses", resource: "identity", resourceName: "*" });
      fn.addToRolePolicy(
        new iam.PolicyStatement({
          actions: ["ses:SendEmail", "ses:SendRawEmail"],
          resources: [identities, this.formatArn({ service: "ses", resource: "configuration-set", resourceName: props.configurationSetName })],
          conditions: { StringEquals: { "ses:FromAddress": props.config.senderEmail } },
        }),
      );
      acknowledgeWildcard(
        roleOf(fn),
        "Resource",
        identities,
        "SES authorizes a send against every identity it touches, and in the SES sandbox that includes each verified recipient's: so every identity of the account, with the From address held to the shop's sender (ses:FromAddress) and the stage's configuration set",
      );
    }
    if (access.invoices) {
      const actions = { read: ["s3:GetObject"], write: ["s3:PutObject"], readwrite: ["s3:GetObject", "s3:PutObject"] }[access.invoices];
      const invoices = props.blobsBucket.arnForObjects(`${INVOICES_PREFIX}*`);
      fn.addToRolePolicy(new iam.PolicyStatement({ actions, resources: [invoices] }));
      acknowledgeWildcard(
        roleOf(fn),
        "Resource",
        invoices,
        `one object per order under ${INVOICES_PREFIX} (${INVOICES_PREFIX}<user>/<order>.html), ${actions.join(" and ")} only: the prefix, never the bucket's images/ or originals/`,
      );
    }
    for (const name of access.secrets ?? []) props.secrets[name].grantRead(fn);
    if (access.session) props.sessionKey.grantRead(fn);
    if (api) props.originVerify.grantRead(fn);
  }
}

/** The role CDK made for `fn`: every function here is given its own. */
function roleOf(fn: lambda.Function): iam.IRole {
  if (!fn.role) throw new Error(`${fn.node.path} has no role`);
  return fn.role;
}
