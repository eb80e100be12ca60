import SwiftData
import SwiftUI

@main
struct NotesApp: App {
    let container: ModelContainer = {
        do {
            return try ModelContainer(for: Schema(versionedSchema: NotesV2.self), migrationPlan: NotesPlan.self)
        } catch {
            fatalError("cannot open the store: \(error)")
        }
    }()

    var body: some Scene {
        WindowGroup { NoteList() }.modelContainer(container)
    }
}

struct NoteList: View {
    var body: some View { Text("Notes") }
}

#Preview {
    NoteList().modelContainer(for: Note.self, inMemory: true)
}

#Preview("One folder") {
    let configuration = ModelConfiguration(isStoredInMemoryOnly: true)
    let container = try! ModelContainer(for: Folder.self, configurations: configuration)
    return NoteList().modelContainer(container)
}

struct NoteList_Previews: PreviewProvider {
    static var previews: some View {
        NoteList().modelContainer(try! ModelContainer(for: Note.self, Folder.self))
    }
}

enum SampleData {
    /// A throwaway store for screenshots.
    static func container() throws -> ModelContainer {
        try ModelContainer(for: Note.self, configurations: ModelConfiguration(url: URL(fileURLWithPath: "/dev/null")))
    }
}
