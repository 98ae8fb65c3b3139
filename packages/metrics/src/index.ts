import './default-backend';

export * from './metric';
export { encodeStateTable, decodeStateTable, type StateTable, type StateColumn } from './state/arrow-state';
export { encodeRecordLists, decodeRecordLists } from './state/record-state';
