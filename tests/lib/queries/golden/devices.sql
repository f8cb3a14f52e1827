SELECT device_id, vendor, model, device_class, capacity_bytes, interface, interface_lanes, form_factor, nand, controller, dram, endurance_dwpd, endurance_pbw, warranty_years, firmware, claimed_json, extra_json
FROM devices
WHERE TRUE
ORDER BY device_id