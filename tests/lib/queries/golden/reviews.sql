SELECT review_id, title, title_en, publisher, author, date, year, url, licence, language, machine_translated, platform_server, platform_cpu, platform_memory, platform_os, platform_kernel, tools, drive_count, methodology_json, devices_json, notes, extra_json
FROM reviews
WHERE review_id = $1
ORDER BY review_id