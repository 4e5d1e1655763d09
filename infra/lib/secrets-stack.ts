// Secrets Manager entries. The session key and the origin secret are
// generated here; the provider, PayPal and OAuth entries are filled in by the
// operator (`aws secretsmanager put-secret-value`, see the README). Every
// entry outlives the stack: deleting it must not lose a key or a credential.
import { RemovalPolicy, SecretValue, Stack, type StackProps } from "aws-cdk-lib";
import * as secretsmanager from "aws-cdk-lib/aws-secretsmanager";
import type { Construct } from "constructs";
import type { SecretName } from "./function-access.ts";
import { acknowledge } from "./nag.ts";

/** The JSON fields the operator writes into each operator-filled secret (README). */
export const SECRET_SHAPES: Record<SecretName, readonly string[]> = {
  payment: ["merchantId", "publicKey", "privateKey"],
  paypal: ["clientId", "clientSecret"],
  oauth: ["googleClientId", "googleClientSecret", "facebookAppId", "facebookAppSecret"],
};

/**
 * The value each operator-filled secret is created with, frozen: CloudFormation
 * writes a changed SecretString over the secret's current value (and a changed
 * GenerateSecretString replaces the secret), so this must never follow
 * SECRET_SHAPES. A new field is documented in the shape and written by the
 * operator; the template never touches the values again.
 */
export const CREATED_WITH: Record<SecretName, string> = {
  payment: '{"merchantId":"","publicKey":"","privateKey":""}',
  paypal: '{"clientId":"","clientSecret":""}',
  oauth: '{"googleClientId":"","googleClientSecret":"","facebookAppId":"","facebookAppSecret":""}',
};

export interface SecretsStackProps extends StackProps {
  /** The operator-filled shapes (tests add a field to prove the values are kept). */
  readonly shapes?: Record<SecretName, readonly string[]>;
}

export class SecretsStack extends Stack {
  /** Signs access tokens: AWSCURRENT signs, AWSPREVIOUS is still accepted. */
  readonly sessionKey: secretsmanager.Secret;
  readonly byName: Record<SecretName, secretsmanager.Secret>;
  /** `{"value"}`: CloudFront sends it to the API in X-Origin-Verify; the functions refuse requests without it. */
  readonly originVerify: secretsmanager.Secret;

  constructor(scope: Construct, id: string, props: SecretsStackProps) {
    super(scope, id, props);
    const shapes = props.shapes ?? SECRET_SHAPES;
    // 64 characters of [A-Za-z0-9] are valid standard base64 (16 full quads),
    // decoding to 48 bytes with ~380 bits of entropy: exactly what SESSION_KEY takes.
    this.sessionKey = new secretsmanager.Secret(this, "SessionKey", {
      description: "Session key of the shop functions: base64, 48 bytes. Rotate with put-secret-value (README).",
      generateSecretString: { passwordLength: 64, excludePunctuation: true, includeSpace: false, requireEachIncludedType: true },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(
      this.sessionKey,
      "SMG4",
      "Rotated by the operator (README, Rotating the session key): each function reads the key once at start, so a rotation must be followed by recycling every function, or instances started before it refuse the tokens the new ones sign. A schedule would rotate without that step, and a second rotation inside a warm instance's life would refuse tokens it signed",
    );
    this.originVerify = new secretsmanager.Secret(this, "OriginVerify", {
      description: "X-Origin-Verify: proves an API request came through CloudFront",
      generateSecretString: {
        secretStringTemplate: "{}",
        generateStringKey: "value",
        passwordLength: 48,
        excludePunctuation: true,
        includeSpace: false,
      },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(
      this.originVerify,
      "SMG4",
      "CloudFront sends this value as X-Origin-Verify, written into the distribution when the Site stack deploys (a dynamic reference), and the functions read it once at start: a rotation by Secrets Manager would change it under a distribution still sending the old value, and every API request would answer 403 until the next deploy. It changes with a deploy, never on a schedule",
    );
    const filled = (logicalId: string, name: SecretName, what: string, issuer: string) => {
      const secret = new secretsmanager.Secret(this, logicalId, {
        // The description follows the shape: updating it never touches the value.
        description: `${what}: JSON {${shapes[name].join(", ")}}, written by the operator`,
        secretStringValue: SecretValue.unsafePlainText(CREATED_WITH[name]),
        removalPolicy: RemovalPolicy.RETAIN,
      });
      acknowledge(
        secret,
        "SMG4",
        `Credentials issued by ${issuer}: only the issuer can make new ones, so Secrets Manager has nothing to rotate them with. The operator renews them there and writes the new value (put-secret-value, README)`,
      );
      return secret;
    };
    this.byName = {
      payment: filled("PaymentProvider", "payment", "Card payment provider gateway credentials", "the card payment provider (its merchant account)"),
      paypal: filled("PayPal", "paypal", "PayPal REST app credentials", "PayPal (the shop's REST app)"),
      oauth: filled("OAuthClients", "oauth", "Google and Facebook OAuth clients", "Google and Facebook (the shop's OAuth clients)"),
    };
  }
}
