// The reference backend is registered whenever metrics are loaded, so every kernel resolves
// without setup. Metric modules never call backend code directly: only through runKernel.
import '@tensoreval/backend-cpu';
