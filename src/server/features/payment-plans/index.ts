/** What other features and the app may use of this feature; its other files are its own. */
export { chargeDueInstalments } from './charge-instalments';
export { fulfilPlanPayment } from './fulfil-plan';
export { cancelPlanOfVoidedNotice, lockNoticePlan, settlePlanInFull } from './plan-changes';
export type { PlanWithInstalments } from './plan-view';
export {
  creditOfDefaultedPlan,
  findNoticePlan,
  findNoticesPlans,
  planOfferFor,
  remainingOnPlan,
  toPaymentPlan,
  toPlanStanding,
  withPlanAmounts,
} from './plan-view';
export { paymentPlanRoutes } from './routes';
