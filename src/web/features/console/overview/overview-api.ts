import { getConsoleOverviewContract } from '../../../../shared/contract';
import { contractQuery } from '../../../lib/contract-query';
import { callAsOperator } from '../operator-call';

/** The day's figures: the overview's query, also fetched by the server renderer (decision 252). */
export const consoleOverviewQuery = () => contractQuery(getConsoleOverviewContract, {}, callAsOperator);
