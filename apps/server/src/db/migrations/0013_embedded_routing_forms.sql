ALTER TABLE "products" ADD COLUMN "room_routing_form_id" uuid;--> statement-breakpoint
ALTER TABLE "landing_pages" ADD COLUMN "routing_form_id" uuid;--> statement-breakpoint
ALTER TABLE "landing_pages" ADD CONSTRAINT "landing_pages_routing_form_id_routing_forms_id_fk" FOREIGN KEY ("routing_form_id") REFERENCES "public"."routing_forms"("id") ON DELETE set null ON UPDATE no action;