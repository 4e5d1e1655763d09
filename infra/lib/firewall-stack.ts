// AWS WAF in front of CloudFront (prod's default, `-c waf=false` to leave it
// out; any other stage with `-c waf=true`): AWS's managed rules (the common
// rule set, known bad inputs, the IP reputation list) and a limit of
// requests per address. A CloudFront web ACL must live in us-east-1, so this
// stack does whatever the shop's region; the distribution reads its ARN.
import { Stack, type StackProps } from "aws-cdk-lib";
import * as wafv2 from "aws-cdk-lib/aws-wafv2";
import type { Construct } from "constructs";

export interface FirewallStackProps extends StackProps {
  readonly stage: string;
  /** Requests per 5 minutes one address may send before it is blocked. */
  readonly rateLimit: number;
}

/** The AWS managed rule groups, in evaluation order. */
export const MANAGED_RULE_GROUPS = ["AWSManagedRulesAmazonIpReputationList", "AWSManagedRulesCommonRuleSet", "AWSManagedRulesKnownBadInputsRuleSet"];

const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
  metricName,
  cloudWatchMetricsEnabled: true,
  sampledRequestsEnabled: true,
});

export class FirewallStack extends Stack {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: FirewallStackProps) {
    super(scope, id, props);
    const managed: wafv2.CfnWebACL.RuleProperty[] = MANAGED_RULE_GROUPS.map((name, i) => ({
      name,
      priority: i + 1,
      statement: { managedRuleGroupStatement: { vendorName: "AWS", name } },
      overrideAction: { none: {} },
      visibilityConfig: visibility(name),
    }));
    const perAddress: wafv2.CfnWebACL.RuleProperty = {
      name: "RequestsPerAddress",
      priority: 0,
      statement: { rateBasedStatement: { limit: props.rateLimit, aggregateKeyType: "IP" } },
      action: { block: {} },
      visibilityConfig: visibility("RequestsPerAddress"),
    };
    this.webAcl = new wafv2.CfnWebACL(this, "WebAcl", {
      name: `couture-${props.stage}`,
      scope: "CLOUDFRONT",
      defaultAction: { allow: {} },
      rules: [perAddress, ...managed],
      visibilityConfig: visibility(`couture-${props.stage}`),
    });
  }
}
