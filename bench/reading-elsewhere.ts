import { runTask } from '../server/modules/contents/read-task';
import { DEFAULT_READER_OPTIONS, readLimitsOf } from '../server/modules/contents/reader';
import { largeSheet } from '../tests/fixtures/list-files';

/**
 * Run by the reading bench as a process of its own (ADR 0201): the same 5,000-row sheet read and
 * compared back to back, forever, by a process that shares nothing with the measured server. What
 * that does to the server's latency is the host's doing, whatever design the server reads with.
 */
const limits = readLimitsOf(DEFAULT_READER_OPTIONS);
const [previousFile, nextFile] = [largeSheet(5000), largeSheet(5000, 0.25)];
const previous = await runTask({ kind: 'read', bytes: previousFile, limits });
if (!('state' in previous) || previous.state !== 'read') throw new Error('the 5,000-row sheet was not read');
for (;;) await runTask({ kind: 'read', bytes: new Uint8Array(nextFile), limits, previous: previous.newRows });
