// The SMS port: one adapter per provider (console, twilio, unifonic), chosen by SMS_PROVIDER.
export interface SmsSender {
  readonly name: string;
  /** Sends one text message to an E.164 number; throws SmsError on failure. */
  send(toE164: string, body: string): Promise<void>;
}

export class SmsError extends Error {}
