// Benchmarks: npm run bench.
export {};
