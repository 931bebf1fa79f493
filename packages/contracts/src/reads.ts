// Answers of the read API (query service), in the spec's field names.
export {};
