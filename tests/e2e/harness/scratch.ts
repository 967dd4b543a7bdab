// Where the journeys keep their embedded databases: the run's migrated template and each product's copy of it.
// In memory (/dev/shm) where the machine has it: copying the template's 1,162 files to the disk and deleting them
// again cost about 0.55 CPU s per product here against 0.09 s in memory, 20 products a run
// (docs/RELIABILITY.md, "Test suite speed"). A database that lives seconds needs no disk.
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const base = existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();

/** A new empty folder for a journey's database (the caller deletes it). */
export const scratchFolder = (prefix: string) => mkdtempSync(path.join(base, prefix));
