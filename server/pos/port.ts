// The point-of-sale port. Routes talk to a POS only through this; each system_type is an adapter
// folder (foodics/, specter/), so a new POS is one new folder.
import type { Invoice } from '../../src/contract';

export interface PosRestaurant {
  id: number;
  name: string;
  logo: string;
  token: string;
  branchsToken: string;
  systemType: string;
}

export interface PosBranch {
  branchId: string;
  name: string;
  devices: { deviceId: string; name: string }[];
}

/** The newest order of one till, mapped to the Invoice, plus its id at the POS. */
export interface PosOrder {
  posOrderId: string;
  invoice: Invoice;
}

export interface PosAdapter {
  /** Branches with their devices, as the POS knows them now; null when this POS does not report them. */
  listBranches(restaurant: PosRestaurant): Promise<PosBranch[] | null>;
  /** The newest order of a device, or null when the till has none yet. */
  lastOrder(restaurant: PosRestaurant, deviceId: string): Promise<PosOrder | null>;
}

/** A failure talking to the POS, with the status the API should answer and a readable message. */
export class PosError extends Error {
  constructor(
    readonly statusCode: 502 | 504 | 404 | 409 | 429,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}
