// Secrets Manager entries. The session key is generated here; the provider,
// PayPal and OAuth entries are created with their shape and filled in by the
// operator (`aws secretsmanager put-secret-value`, see the README).
import { SecretValue, Stack, type StackProps } from 'aws-cdk-lib';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import type { SecretName } from './function-access.ts';

export class SecretsStack extends Stack {
  /** Signs access tokens (SESSION_KEY). */
  readonly sessionKey: secretsmanager.Secret;
  readonly byName: Record<SecretName, secretsmanager.Secret>;
  /** `{"value"}`: CloudFront sends it to the API in X-Origin-Verify; the functions refuse requests without it. */
  readonly originVerify: secretsmanager.Secret;

  constructor(scope: Construct, id: string, props: StackProps) {
    super(scope, id, props);
    // 64 characters of [A-Za-z0-9] are valid standard base64 (16 full quads),
    // decoding to 48 bytes with ~380 bits of entropy: exactly what SESSION_KEY takes.
    this.sessionKey = new secretsmanager.Secret(this, 'SessionKey', {
      description: 'SESSION_KEY of the shop functions: base64, 48 bytes',
      generateSecretString: { passwordLength: 64, excludePunctuation: true, includeSpace: false, requireEachIncludedType: true },
    });
    this.originVerify = new secretsmanager.Secret(this, 'OriginVerify', {
      description: 'X-Origin-Verify: proves an API request came through CloudFront',
      generateSecretString: {
        secretStringTemplate: '{}',
        generateStringKey: 'value',
        passwordLength: 48,
        excludePunctuation: true,
        includeSpace: false,
      },
    });
    const shaped = (name: string, description: string, fields: string[]) =>
      new secretsmanager.Secret(this, name, {
        description,
        // Only the JSON shape: the operator writes the values after the first deploy.
        secretStringValue: SecretValue.unsafePlainText(JSON.stringify(Object.fromEntries(fields.map((f) => [f, ''])))),
      });
    this.byName = {
      payment: shaped('PaymentProvider', 'Card payment provider gateway credentials', ['merchantId', 'publicKey', 'privateKey']),
      paypal: shaped('PayPal', 'PayPal REST app credentials', ['clientId', 'clientSecret']),
      oauth: shaped('OAuthClients', 'Google and Facebook OAuth clients', ['googleClientId', 'googleClientSecret', 'facebookAppId', 'facebookAppSecret']),
    };
  }
}
