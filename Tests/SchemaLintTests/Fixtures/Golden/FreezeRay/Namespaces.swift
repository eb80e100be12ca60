// Model namespaces are plain enums declared apart from the schema enums (FreezeRay's layout).
enum DataV1 {}
enum DataV2 {}
enum DataV3 {}
