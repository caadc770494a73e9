// Loads every reference kernel family into the kernel table (one family per file).
import './elementwise-binary';
import './elementwise-unary';
import './activations';
import './convolution';
import './matmul';
import './normalization';
import './pooling';
import './reduction';
import './along-axis';
import './reshape';
import './slice-pad';
import './gather-scatter';
import './resize';
import './recurrent';
import './sampling';
import './signal';
import './data-dependent';
