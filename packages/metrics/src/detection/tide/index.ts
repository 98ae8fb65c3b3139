export { TIDE_DEFAULTS, tideBreakdown, resolveTideLane, type TideOptions, type TideBreakdown, type TideErrorResult } from './tide-breakdown';
export { TIDE_ERROR_TYPES, type TideErrorType } from './classify-errors';
export { valorTideBreakdown, type TideOptionNames, type ValorTideBreakdown, type ValorTideInputs } from './valor-tide';
