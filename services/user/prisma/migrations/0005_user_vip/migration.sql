-- A user is VIP while vip_expired_at is in the future (User.is_vip / vip_expired_at in the contract).
-- NULL: never VIP. The order service's VIP slice sets it when a card is bought; other services ask
-- UserInternalAPI.GetVipState (the config service keeps advertisements from VIP users).
ALTER TABLE users ADD COLUMN vip_expired_at timestamptz(3);
