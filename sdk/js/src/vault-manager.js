// vaultManager: the customer's saved payment methods (list, default first)
// and deleting one by its single-use nonce (client token required).
import { load, rules } from "./wasm.js";
import { error, register } from "./errors.js";
import vaultManagerErrors from "../../src/errors/vault-manager.txt";
import { VERSION, creator, wrap, attempt, convertMethodsToError } from "./lib.js";
import { clientOf } from "./client.js";

register(vaultManagerErrors);

export { VERSION };

const DELETE =
  "mutation DeletePaymentMethodFromSingleUseToken($input: DeletePaymentMethodFromSingleUseTokenInput!) { deletePaymentMethodFromSingleUseToken(input: $input) { clientMutationId } }";

export const create = creator(build);

async function build(options) {
  // The rules (and the error catalogue) load first: create may be the
  // page's first call.
  await load();
  // From an authorization alone the instance comes back at once, as the
  // reference's does; its calls wait for the client (and fail with it).
  const client = clientOf(options, "Vault Manager");
  client.catch(() => {});
  return new VaultManager(client);
}

class VaultManager {
  constructor(clientPromise) {
    this._clientPromise = clientPromise;
  }

  fetchPaymentMethods(options, callback) {
    if (typeof options === "function") {
      callback = options;
      options = {};
    }
    return wrap(
      attempt(async () => {
        const client = await this._clientPromise;
        const res = await client.request({
          method: "get",
          endpoint: "payment_methods",
          data: { defaultFirst: options && options.defaultFirst === true ? 1 : 0 },
        });
        return res.paymentMethods.map((m) => {
          const out = { nonce: m.nonce, default: m.default, details: m.details, hasSubscription: m.hasSubscription, type: m.type };
          if (m.description) out.description = m.description;
          if (m.binData) out.binData = m.binData;
          return out;
        });
      }),
      callback,
    );
  }

  deletePaymentMethod(nonce, callback) {
    return wrap(
      attempt(async () => {
        const client = await this._clientPromise;
        if (client.getConfiguration().authorizationType !== "CLIENT_TOKEN") {
          throw error("VAULT_MANAGER_DELETE_PAYMENT_METHOD_NONCE_REQUIRES_CLIENT_TOKEN");
        }
        try {
          await client.request({
            api: "graphQLApi",
            data: { query: DELETE, variables: { input: { singleUseTokenId: nonce } }, operationName: "DeletePaymentMethodFromSingleUseToken" },
          });
        } catch (e) {
          const errs = e.details && e.details.originalError;
          const cls = Array.isArray(errs) && errs[0] && errs[0].extensions ? String(errs[0].extensions.errorClass || "") : "";
          throw error(rules.vaultDeleteErrorCode(cls), { originalError: errs }, nonce);
        }
      }),
      callback,
    );
  }

  teardown(callback) {
    convertMethodsToError(this, ["fetchPaymentMethods", "deletePaymentMethod", "teardown"]);
    return wrap(Promise.resolve(), callback);
  }
}
