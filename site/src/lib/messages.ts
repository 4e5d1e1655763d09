/**
 * The texts the site shows as the API words them (form checks, notices of what the API did, the
 * house's details), from their one home in the Rust domain: `shared/messages.json`, which `make
 * messages` writes and the contract's tests keep current. Grouped by the domain's module, under the
 * domain's constant names, so a text renamed or removed there breaks this build.
 */
import messages from "../../../shared/messages.json";

export const MESSAGES = messages;
