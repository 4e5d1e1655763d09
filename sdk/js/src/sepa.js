// sepa: SEPA direct debit. tokenize creates a mandate and shows it in a
// 400x570 popup centred on the merchant's window (or, with create's
// redirectUrl, sends the whole page there); once the customer approves it the
// mandate becomes a nonce. A page the redirect returns to finishes the flow
// in create.
import { load } from "./wasm.js";
import { error, register } from "./errors.js";
import sepaErrors from "../../src/errors/sepa.txt";
import { VERSION, creator, wrap, attempt, checkClient } from "./lib.js";
import { create as createClient } from "./client.js";
import { openWindow, returnUrls, runFlow, withQuery } from "./frame-service.js";

import { SEPA_POPUP_WIDTH as WIDTH, SEPA_POPUP_HEIGHT as HEIGHT } from "./constants.json";

register(sepaErrors);

// The tables of sdk/src/sepa.rs, whose tests check these copies (kept out of
// the shared constants so pages without SEPA do not download them).
const REQUIRED_OPTIONS = "iban,merchantAccountId,mandateType,customerId,accountHolderName,countryCode";
const MANDATE_TYPES = "ONE_OFF,RECURRENT";
const BILLING_ADDRESS_KEYS = "addressLine1 address_line_1 addressLine2 address_line_2 adminArea1 admin_area_1 adminArea2 admin_area_2 postalCode postal_code";

export { VERSION };

export const create = creator(build);

async function build(options) {
  await load();
  const missing = checkClient(options, "SEPA");
  if (missing) throw missing;
  const client = options.client || (await createClient({ authorization: options.authorization, sandboxUrl: options.sandboxUrl }));
  const sepa = instance(client, options.redirectUrl);
  const params = Object.fromEntries(new URL(location.href).searchParams);
  // The rules of sdk/src/sepa.rs.
  if (params.success === "true" && params.cart_id) {
    // Back from the full-page redirect with an approved mandate. As the
    // reference, a failure here is logged and create resolves nothing.
    try {
      sepa.tokenizePayload = await redirectApproval(client, Object.assign({}, options, params));
    } catch (e) {
      console.error("Problem while finishing tokenizing: ", e);
      return undefined;
    }
  } else if (params.cancel) {
    client._sendEvent("sepa.redirect.customer-canceled.failed");
  }
  return sepa;
}

function instance(client, redirectUrl) {
  const assetsUrl = client.getConfiguration().gatewayConfiguration.assetsUrl;
  return {
    tokenize(options, callback) {
      return wrap(
        attempt(() => tokenize(client, assetsUrl, redirectUrl, options)),
        callback,
      );
    },
  };
}

function tokenize(client, assetsUrl, redirectUrl, options) {
  const given = Object.keys(options || {});
  if (REQUIRED_OPTIONS.split(",").some((k) => !given.includes(k))) throw error("SEPA_TOKENIZE_MISSING_REQUIRED_OPTION");
  if (!MANDATE_TYPES.split(",").includes(options.mandateType)) throw error("SEPA_INVALID_MANDATE_TYPE");
  const mandate = (urls) => createMandate(client, options, urls);
  if (redirectUrl) {
    // The page leaves for the mandate; the return page's create finishes.
    mandate({ returnUrl: redirectUrl, cancelUrl: redirectUrl + "?cancel=1" }).then(
      (m) => {
        location.href = m.approvalUrl;
      },
      () => {},
    );
    return undefined;
  }
  const win = openWindow(assetsUrl, {
    width: WIDTH,
    height: HEIGHT,
    top: Math.round((outerHeight - HEIGHT) / 2) + screenTop,
    left: Math.round((outerWidth - WIDTH) / 2) + screenLeft,
    title: "SEPA",
    onFrameClose: () => win && win.onFrameClose && win.onFrameClose(),
  });
  // A blocked popup fails after the mandate, where the reference's opens.
  if (!win)
    return mandate(returnUrls(assetsUrl, "")).then(() => {
      throw error("SEPA_TOKENIZATION_FAILED");
    });
  let created;
  return runFlow(assetsUrl, win, {
    landing: "sepa-landing-frame",
    closed: "SEPA_CUSTOMER_CANCELED",
    start: (urls) =>
      mandate({ returnUrl: withQuery(urls.returnUrl, { success: 1 }), cancelUrl: urls.cancelUrl }).then((m) => {
        created = m;
        return m.approvalUrl;
      }),
    tokenize: async (params) => {
      if (!params.success) throw error(params.cancel ? "SEPA_CUSTOMER_CANCELED" : "SEPA_TOKENIZATION_FAILED");
      return approve(client, {
        last4: created.last4,
        bankReferenceToken: created.bankReferenceToken,
        customerId: options.customerId,
        mandateType: options.mandateType,
        merchantAccountId: options.merchantAccountId,
      });
    },
  });
}

/** POST sepa_debit: the mandate's approval URL, IBAN's last four and bank reference token. */
async function createMandate(client, o, urls) {
  const address = { country_code: o.countryCode };
  const b = o.billingAddress;
  const keys = BILLING_ADDRESS_KEYS.split(" ");
  for (let i = 0; b && i < keys.length; i += 2) if (keys[i] in b) address[keys[i + 1]] = b[keys[i]];
  try {
    const res = await client.request({
      method: "post",
      endpoint: "sepa_debit",
      data: {
        sepa_debit: {
          account_holder_name: o.accountHolderName,
          billing_address: address,
          iban: o.iban,
          merchant_or_partner_customer_id: o.customerId,
          mandate_type: o.mandateType,
        },
        locale: o.locale,
        cancel_url: urls.cancelUrl,
        return_url: urls.returnUrl,
        merchant_account_id: o.merchantAccountId,
      },
    });
    const account = res.message.body.sepaDebitAccount;
    if (account) return account;
  } catch (e) {
    /* any failure is the mandate's */
  }
  throw error("SEPA_CREATE_MANDATE_FAILED");
}

/** POST payment_methods/sepa_debit_accounts: the approved mandate as a nonce. */
async function approve(client, d) {
  let res;
  try {
    res = await client.request({
      method: "post",
      endpoint: "payment_methods/sepa_debit_accounts",
      data: {
        sepa_debit_account: {
          last_4: d.last4,
          merchant_or_partner_customer_id: d.customerId,
          bank_reference_token: d.bankReferenceToken,
          mandate_type: d.mandateType,
        },
        merchant_account_id: d.merchantAccountId,
      },
    });
  } catch (e) {
    /* reported below */
  }
  if (!res || !res.nonce) throw error("SEPA_TRANSACTION_FAILED");
  return { nonce: res.nonce, ibanLastFour: d.last4, customerId: d.customerId, mandateType: d.mandateType };
}

/** The redirect's return: the mandate's details (GET sepa_debit/{cart_id}), then approve. */
async function redirectApproval(client, o) {
  try {
    const m = (await client.request({ method: "get", endpoint: "sepa_debit/" + o.cart_id })).sepaDebitMandateDetail;
    return await approve(client, {
      last4: m.last4,
      customerId: m.merchantOrPartnerCustomerId,
      mandateType: m.mandateType,
      bankReferenceToken: m.bankReferenceToken,
      merchantAccountId: o.merchantAccountId,
    });
  } catch (e) {
    throw error("SEPA_TRANSACTION_FAILED");
  }
}
