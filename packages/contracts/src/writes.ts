// Requests and answers of the write API (command service).
export {};
