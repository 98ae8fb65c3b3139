import './default-backend';

export * from './metric';
