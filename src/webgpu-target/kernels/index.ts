// Loads every kernel generator family.
import './elementwise';
import './conv-matmul';
import './pool-reduce';
import './norm-softmax';
import './data-movement';
import './resize';
import './matmul-tiled';
import './conv-tiled';
import './recurrent';
import './scatter';
import './det';
import './sampling';
import './signal';
import './max-unpool';
import './data-dependent';
import './top-k';
