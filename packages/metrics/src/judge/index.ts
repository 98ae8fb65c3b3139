import '../default-backend';

export {};
