// usBankAccount: tokenizes a US bank account from its details, or through
// the bank-login ("Plaid" link) script the customer signs in with. The rules
// are the Rust tables of us_bank_account.rs, printed into the constants.
import { error, register } from "./errors.js";
import usBankErrors from "../../src/errors/us-bank-account.txt";
import { VERSION, wrap, attempt, convertMethodsToError, loadScript } from "./lib.js";
import { clientOf } from "./client.js";
import US_BANK_CHECKS from "./constants/US_BANK_CHECKS.json";
import US_BANK_STATUSES from "./constants/US_BANK_STATUSES.json";
import US_BANK_LOGINS from "./constants/US_BANK_LOGINS.json";
import US_BANK_DESCRIPTION from "./constants/US_BANK_DESCRIPTION.json";

register(usBankErrors);

export { VERSION };

const PLAID_LINK_JS = "https://cdn.plaid.com/link/v2/stable/link-initialize.js";

/** The GraphQL input: what both ways share (mandate, billing address, owner) and `input`. */
function accountInput(mandateText, owner, input) {
  const a = owner.billingAddress || {};
  Object.assign(input, {
    achMandate: mandateText,
    billingAddress: { streetAddress: a.streetAddress, extendedAddress: a.extendedAddress, city: a.locality, state: a.region, zipCode: a.postalCode },
  });
  if (owner.ownershipType === "personal") input.individualOwner = { firstName: owner.firstName, lastName: owner.lastName };
  else if (owner.ownershipType === "business") input.businessOwner = { businessName: owner.businessName };
  return input;
}

export function create(options, callback) {
  return wrap(
    attempt(async () => {
      const o = options || {};
      const client = await clientOf(o, "US Bank Account");
      const config = client.getConfiguration();
      const gw = config.gatewayConfiguration;
      if (!gw.usBankAccount) throw error("US_BANK_ACCOUNT_NOT_ENABLED");
      const plaid = gw.usBankAccount.plaid;
      const [env, accountId] = US_BANK_LOGINS[gw.environment] || US_BANK_LOGINS[""];
      const send = (event) => client._sendEvent("usbankaccount." + event);
      let loginActive = false;
      let script = null;
      send("initialized");

      /** The tokenize mutation of `type` (UsBankAccount or UsBankLogin); the payload or the status's error. */
      const tokenizeWith = async (type, event, input) => {
        let res;
        try {
          res = await client.request({
            api: "graphQLApi",
            data: {
              query:
                "mutation Tokenize" +
                type +
                "($input: Tokenize" +
                type +
                "Input!) { tokenize" +
                type +
                "(input: $input) { paymentMethod { id details { ... on UsBankAccountDetails { last4 } } } } }",
              variables: { input },
            },
          });
        } catch (e) {
          send(event + ".tokenization.failed");
          const status = (e.details && e.details.httpStatus) || 0;
          throw error(US_BANK_STATUSES.find(([low, high]) => status >= low && status <= high)[2], { originalError: e });
        }
        send(event + ".tokenization.succeeded");
        const method = res.data["tokenize" + type].paymentMethod;
        return { nonce: method.id, details: {}, description: US_BANK_DESCRIPTION + method.details.last4, type: "us_bank_account" };
      };

      const login = async (t) => {
        // In sandbox mode the configuration names the stand-in script.
        if (!window.Plaid)
          script = await loadScript((config.sandboxUrl && plaid.scriptUrl) || PLAID_LINK_JS).catch(() => {
            throw error("US_BANK_ACCOUNT_LOGIN_LOAD_FAILED");
          });
        const [publicToken, metadata] = await new Promise((resolve, reject) => {
          window.Plaid.create({
            clientName: t.bankLogin.displayName,
            apiVersion: "v2",
            env,
            key: plaid.publicKey,
            product: "auth",
            selectAccount: true,
            onExit: () => {
              send("banklogin.tokenization.closed.by-user");
              reject(error("US_BANK_ACCOUNT_LOGIN_CLOSED"));
            },
            onSuccess: (token, md) => resolve([token, md]),
          }).open();
          send("banklogin.tokenization.started");
        });
        return tokenizeWith("UsBankLogin", "banklogin", {
          usBankLogin: accountInput(t.mandateText, t.bankLogin, {
            publicToken,
            accountId: accountId || metadata.account_id,
            accountType: metadata.account.subtype.toUpperCase(),
          }),
        });
      };

      const instance = {
        tokenize: (opts, cb) =>
          wrap(
            attempt(() => {
              const t = opts || {};
              const l = t.bankLogin;
              const d = t.bankDetails;
              // The bits of us_bank_account.rs: MANDATE_TEXT, BANK_DETAILS, BANK_LOGIN, DISPLAY_NAME, PLAID, LOGIN_ACTIVE.
              const flags = +!!t.mandateText | (+!!d << 1) | (+!!l << 2) | (+!!(l && l.displayName) << 3) | (+!!plaid << 4) | (+loginActive << 5);
              const check = US_BANK_CHECKS.find(([mask, value]) => (flags & mask) === value);
              if (check && check[2]) throw error(check[2], undefined, check[3]);
              if (d) {
                return tokenizeWith("UsBankAccount", "bankdetails", {
                  usBankAccount: accountInput(t.mandateText, d, {
                    routingNumber: d.routingNumber,
                    accountNumber: d.accountNumber,
                    accountType: d.accountType.toUpperCase(),
                  }),
                });
              }
              loginActive = true;
              return login(t).finally(() => {
                loginActive = false;
              });
            }),
            cb,
          ),
        teardown(cb) {
          if (script) script.remove();
          convertMethodsToError(instance, ["tokenize", "teardown"]);
          return wrap(Promise.resolve(), cb);
        },
      };
      return instance;
    }),
    callback,
  );
}
