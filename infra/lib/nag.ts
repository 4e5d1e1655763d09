// cdk-nag's AwsSolutions rule pack checks both stages (infra/test/nag.test.ts,
// in make test). What it finds is fixed, or acknowledged beside the resource,
// with the reason it is right for this shop, by these helpers. They only
// record CDK's acknowledgments (Validations metadata, which cdk-nag reads):
// the app itself never loads cdk-nag.
import { Stack, Validations } from "aws-cdk-lib";
import type { IConstruct } from "constructs";

/** The rule pack's prefix: a rule `S1` is reported as `AwsSolutions-S1`. */
export const RULE_PACK = "AwsSolutions";

/** Acknowledges an AwsSolutions rule (`S1`, `IAM4[Policy::…]`) on a construct and what it holds, with why it is right here. */
export function acknowledge(scope: IConstruct, rule: string, reason: string): void {
  Validations.of(scope).acknowledge({ id: `${RULE_PACK}-${rule}`, reason });
}

/**
 * Acknowledges one wildcard of the IAM policies below `scope` (rule IAM5),
 * `value` being the action or resource exactly as the grant wrote it (a
 * bucket's `arnForObjects('invoices/*')`), with why it is needed.
 */
export function acknowledgeWildcard(scope: IConstruct, kind: "Action" | "Resource", value: string, reason: string): void {
  if (!value.includes("*")) throw new Error(`'${value}' has no wildcard to acknowledge`);
  acknowledgeFinding(scope, "IAM5", kind, value, reason);
}

/** Acknowledges an AWS managed policy on a role (rule IAM4), with why AWS's own policy is the right one. */
export function acknowledgeManagedPolicy(scope: IConstruct, managedPolicyArn: string, reason: string): void {
  acknowledgeFinding(scope, "IAM4", "Policy", managedPolicyArn, reason);
}

/**
 * A rule that reports one finding per value (`IAM5[Resource::<value>]`)
 * names each value as the template spells it: a bucket in another stack by
 * its export name, which a reference only gets when the app is prepared for
 * synthesis. So the finding's id is worked out then, by a validation of
 * `scope`: CDK runs those after resolving references and before the rule
 * packs.
 */
function acknowledgeFinding(scope: IConstruct, rule: string, kind: string, value: string, reason: string): void {
  scope.node.addValidation({
    validate: () => {
      acknowledge(scope, `${rule}[${kind}::${flatten(Stack.of(scope).resolve(value))}]`, reason);
      return [];
    },
  });
}

/**
 * A CloudFormation value as the rule pack names it in a finding: strings as
 * they are (`${X}` of a Fn::Sub as `<X>`), Fn::Join joined, Fn::ImportValue
 * as its export name, a Ref as `<Name>`, a Fn::GetAtt as `<Resource.Attribute>`.
 */
export function flatten(value: unknown): string {
  if (value === undefined) return "";
  if (typeof value === "string") return value.replace(/\$\{/g, "<").replace(/\}/g, ">");
  const node = value as Record<string, unknown>;
  if (node["Fn::Join"]) {
    const [delimiter, items] = node["Fn::Join"] as [string, unknown[]];
    return items.map(flatten).join(delimiter);
  }
  if (node["Fn::Sub"]) return flatten(node["Fn::Sub"]);
  if (node["Fn::GetAtt"]) {
    const [resource, attribute] = node["Fn::GetAtt"] as [unknown, unknown];
    return `<${flatten(resource)}.${flatten(attribute)}>`;
  }
  if (node["Fn::ImportValue"]) return flatten(node["Fn::ImportValue"]);
  if (node.Ref) return `<${flatten(node.Ref)}>`;
  return JSON.stringify(value);
}
