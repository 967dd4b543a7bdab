// The SMS port: one adapter per provider (console, twilio, unifonic), chosen by SMS_PROVIDER.
export interface SmsSender {
  readonly name: string;
  /** Sends one text message to an E.164 number; throws SmsError on failure. */
  send(toE164: string, body: string): Promise<void>;
}

/**
 * A failed send. Its message and code hold only the provider's status and error code, never the provider's
 * error text: that text can carry the phone number, and errors end up in the log (docs/RELIABILITY.md "Logs").
 */
export class SmsError extends Error {
  constructor(
    readonly code: string,
    message = `SMS provider error ${code}`,
  ) {
    super(message);
  }
}
