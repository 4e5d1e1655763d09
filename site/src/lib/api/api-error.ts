/**
 * A refusal from the API, as the shop's client and the atelier console's throw it: the status, the
 * server's message, and for the shop's API its contract's code and field errors. A module of its own,
 * so the console takes it without the shop's client.
 */
import type { ErrorBody, ErrorCode, FieldErrors } from "./types";

export class ApiError extends Error {
  readonly status: number;
  /** The contract's code (undefined for an answer that is not the API's, a proxy's page or a lost connection). */
  readonly code: ErrorCode | undefined;
  readonly errors: FieldErrors;
  /** The whole parsed answer, for refusals that carry more than a message (a 409's new quote). */
  readonly body: ErrorBody | null;

  constructor(status: number, message: string, code?: ErrorCode, errors: FieldErrors = {}, body: ErrorBody | null = null) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.errors = errors;
    this.body = body;
  }
}
