CREATE INDEX "app_users_first_name_idx" ON "app_users" USING btree ("first_name","id");--> statement-breakpoint
CREATE INDEX "app_users_birth_date_idx" ON "app_users" USING btree ("birth_date","id");--> statement-breakpoint
CREATE INDEX "app_users_gender_idx" ON "app_users" USING btree ("gender","id");--> statement-breakpoint
CREATE INDEX "app_users_last_login_idx" ON "app_users" USING btree ("last_login","id");--> statement-breakpoint
CREATE INDEX "orders_total_idx" ON "orders" USING btree ("total_price","id");--> statement-breakpoint
CREATE INDEX "orders_number_idx" ON "orders" USING btree ("order_number","id");