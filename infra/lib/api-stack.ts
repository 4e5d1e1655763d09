// The HTTP API and its stage (throttling, JSON access logs). Its routes are
// added by the Functions stack: CloudFront needs the API before the functions
// exist (they learn the site's URL from the distribution), so the API comes
// first and the routes come with the functions they reach.
import { RemovalPolicy, Stack, type StackProps } from "aws-cdk-lib";
import * as apigwv2 from "aws-cdk-lib/aws-apigatewayv2";
import * as logs from "aws-cdk-lib/aws-logs";
import type { Construct } from "constructs";
import type { ShopConfig } from "./config.ts";

export interface ApiStackProps extends StackProps {
  readonly config: ShopConfig;
}

const ACCESS_LOG_FORMAT = {
  requestId: "$context.requestId",
  ip: "$context.identity.sourceIp",
  requestTime: "$context.requestTime",
  method: "$context.httpMethod",
  path: "$context.path",
  routeKey: "$context.routeKey",
  status: "$context.status",
  responseLength: "$context.responseLength",
  latency: "$context.responseLatency",
  integrationLatency: "$context.integrationLatency",
  integrationError: "$context.integrationErrorMessage",
  userAgent: "$context.identity.userAgent",
};

export class ApiStack extends Stack {
  readonly api: apigwv2.HttpApi;
  readonly stage: apigwv2.HttpStage;
  /** JSON lines, one per request: the functions' 5xx and the API's 429 metrics are filtered from it. */
  readonly accessLogs: logs.LogGroup;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    // No CORS: browsers reach the API through CloudFront on the site's own origin.
    this.api = new apigwv2.HttpApi(this, "Api", { description: "The shop API (/api/*)", createDefaultStage: false });
    this.stage = new apigwv2.HttpStage(this, "DefaultStage", {
      httpApi: this.api,
      stageName: "$default",
      autoDeploy: true,
      throttle: props.config.throttle,
    });
    const accessLogs = (this.accessLogs = new logs.LogGroup(this, "AccessLogs", {
      retention: props.config.logRetentionDays as logs.RetentionDays,
      removalPolicy: RemovalPolicy.DESTROY,
    }));
    const cfnStage = this.stage.node.defaultChild as apigwv2.CfnStage;
    cfnStage.accessLogSettings = { destinationArn: accessLogs.logGroupArn, format: JSON.stringify(ACCESS_LOG_FORMAT) };
  }
}
