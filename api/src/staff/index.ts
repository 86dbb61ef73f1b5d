// What other packages may use of the staff feature (`@titleledger/api/staff`): its events, so the
// staff read models can be projected, and the access table for tests.
export * from './events.js';
