// Loads every cgc_op declaration into the registry (one op family per file).
import './elementwise-binary';
import './elementwise-unary';
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
import './control-flow';
