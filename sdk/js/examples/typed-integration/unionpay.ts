// UnionPay, typed, under the reference's names: the `unionpay` entry point
// and the default export's `unionpay` namespace.
import braintree from "@couture/payment-sdk";
import type { HostedFields, UnionPayTokenizePayload } from "@couture/payment-sdk";
import { create as createUnionPay } from "@couture/payment-sdk/unionpay";

declare const CLIENT_AUTHORIZATION: string;

/** Enrolls the card in `hostedFields` and tokenizes it with the SMS code `askForCode` returns. */
export async function payWithUnionPay(hostedFields: HostedFields, askForCode: () => Promise<string>): Promise<UnionPayTokenizePayload | null> {
  const client = await braintree.client.create({ authorization: CLIENT_AUTHORIZATION });
  const unionpay = await createUnionPay({ client });
  const capabilities = await unionpay.fetchCapabilities({ hostedFields });
  if (!capabilities.isUnionPay) return null;
  const { enrollmentId, smsCodeRequired } = await unionpay.enroll({ hostedFields, mobile: { countryCode: "62", number: "11111111111" } });
  const smsCode = smsCodeRequired ? await askForCode() : undefined;
  const payload = await unionpay.tokenize({ hostedFields, enrollmentId, smsCode });
  await braintree.unionpay.create({ client }, (err, instance) => console.log(err ? err.code : instance && "ready"));
  return payload;
}
