typealias Recipe = SchemaV2.Recipe
