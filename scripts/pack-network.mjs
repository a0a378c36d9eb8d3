// Writes the evaluation network in the form the site serves (www/network.js: each hidden
// weight against its neighbouring square's, 2,800 bytes less by gzip -9).
// Usage: node scripts/pack-network.mjs [network, default crate/makruk/src/eval.nnue] [output, default www/pkg/eval.nnue]
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { packNetwork, unpackNetwork } from '../www/network.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const [from = `${ROOT}crate/makruk/src/eval.nnue`, to = `${ROOT}www/pkg/eval.nnue`] = process.argv.slice(2);
const network = readFileSync(from);
const packed = packNetwork(network);
if (!network.equals(unpackNetwork(packed.slice()))) throw new Error('[pack-network] the packed network does not unpack to the file');
writeFileSync(to, packed);
